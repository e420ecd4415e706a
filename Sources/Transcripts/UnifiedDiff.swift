/// A line diff of two blocks of text as `diff -u` prints it: hunks of changed lines, each with up
/// to `context` unchanged lines around it, under an `@@ -start,count +start,count @@` header.
///
/// The edit script is a longest common subsequence: the common prefix and suffix are taken off
/// first (a typical block differs in a line or two), then the middle is solved by dynamic
/// programming, preferring deletions before insertions as `diff` does.
/// - Complexity: O(n + m) for the prefix and suffix, O(n′ m′) for a middle of n′ and m′ lines;
///   a middle of more than 4 million cells is reported as wholly replaced.
package enum UnifiedDiff {
    /// One step of the edit script: an unchanged line, or a line only in the old or the new block.
    enum Edit: Equatable {
        case same(old: Int, new: Int)
        case delete(old: Int)
        case insert(new: Int)
    }

    /// The largest middle (old lines × new lines) solved exactly.
    static let maximumCells = 4_000_000

    /// The hunks turning `old` into `new`, as lines (`@@ … @@`, then ` `, `-`, `+` lines).
    /// `oldLineNumber` and `newLineNumber` map an index in a block to the line number shown.
    package static func hunks(
        old: [String], new: [String], context: Int = 3,
        oldLineNumber: (Int) -> Int = { $0 + 1 }, newLineNumber: (Int) -> Int = { $0 + 1 }
    ) -> [String] {
        let script = edits(old, new)
        let changed = script.indices.filter { if case .same = script[$0] { false } else { true } }
        guard let first = changed.first else { return [] }
        var groups: [ClosedRange<Int>] = []
        var start = first
        var end = first
        for index in changed.dropFirst() {
            if index - end > 2 * context {
                groups.append(start...end)
                start = index
            }
            end = index
        }
        groups.append(start...end)
        var lines: [String] = []
        for group in groups {
            let range = max(0, group.lowerBound - context)...min(script.count - 1, group.upperBound + context)
            lines += hunk(script[range], old: old, new: new, oldLineNumber: oldLineNumber, newLineNumber: newLineNumber)
        }
        return lines
    }

    private static func hunk(
        _ edits: ArraySlice<Edit>, old: [String], new: [String],
        oldLineNumber: (Int) -> Int, newLineNumber: (Int) -> Int
    ) -> [String] {
        var body: [String] = []
        var oldIndices: [Int] = []
        var newIndices: [Int] = []
        // Where the hunk starts in each block, for a side that has no line in it.
        var oldPosition: Int?
        var newPosition: Int?
        for edit in edits {
            switch edit {
            case .same(let o, let n):
                body.append(" " + old[o])
                oldIndices.append(o)
                newIndices.append(n)
                oldPosition = oldPosition ?? o
                newPosition = newPosition ?? n
            case .delete(let o):
                body.append("-" + old[o])
                oldIndices.append(o)
                oldPosition = oldPosition ?? o
            case .insert(let n):
                body.append("+" + new[n])
                newIndices.append(n)
                newPosition = newPosition ?? n
            }
        }
        func range(_ indices: [Int], _ position: Int?, _ number: (Int) -> Int) -> String {
            guard let first = indices.first else { return "\(number(position ?? 0) - 1),0" }
            return indices.count == 1 ? "\(number(first))" : "\(number(first)),\(indices.count)"
        }
        let header =
            "@@ -\(range(oldIndices, oldPosition, oldLineNumber)) +\(range(newIndices, newPosition, newLineNumber)) @@"
        return [header] + body
    }

    /// The edit script from `old` to `new` (a longest common subsequence kept as `.same`).
    static func edits(_ old: [String], _ new: [String]) -> [Edit] {
        var prefix = 0
        while prefix < old.count, prefix < new.count, old[prefix] == new[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < old.count - prefix, suffix < new.count - prefix,
            old[old.count - 1 - suffix] == new[new.count - 1 - suffix]
        { suffix += 1 }
        var script = (0..<prefix).map { Edit.same(old: $0, new: $0) }
        script += middle(old, prefix..<(old.count - suffix), new, prefix..<(new.count - suffix))
        script += (0..<suffix).map { Edit.same(old: old.count - suffix + $0, new: new.count - suffix + $0) }
        return script
    }

    /// The LCS edit script of two ranges, by dynamic programming over their suffixes.
    private static func middle(_ old: [String], _ a: Range<Int>, _ new: [String], _ b: Range<Int>) -> [Edit] {
        let n = a.count
        let m = b.count
        guard n > 0, m > 0, n * m <= maximumCells else {
            return a.map { Edit.delete(old: $0) } + b.map { Edit.insert(new: $0) }
        }
        // lcs[i][j]: the LCS length of old[a.lowerBound + i ..< a.upperBound] and new[b.lowerBound + j ..< b.upperBound].
        var lcs = [[Int32]](repeating: [Int32](repeating: 0, count: m + 1), count: n + 1)
        for i in stride(from: n - 1, through: 0, by: -1) {
            for j in stride(from: m - 1, through: 0, by: -1) {
                lcs[i][j] =
                    old[a.lowerBound + i] == new[b.lowerBound + j]
                    ? lcs[i + 1][j + 1] + 1 : max(lcs[i + 1][j], lcs[i][j + 1])
            }
        }
        var script: [Edit] = []
        var i = 0
        var j = 0
        while i < n || j < m {
            if i < n, j < m, old[a.lowerBound + i] == new[b.lowerBound + j] {
                script.append(.same(old: a.lowerBound + i, new: b.lowerBound + j))
                i += 1
                j += 1
            } else if i < n, j == m || lcs[i + 1][j] >= lcs[i][j + 1] {
                script.append(.delete(old: a.lowerBound + i))
                i += 1
            } else {
                script.append(.insert(new: b.lowerBound + j))
                j += 1
            }
        }
        return script
    }
}
