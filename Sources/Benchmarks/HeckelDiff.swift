import ObjectGraph

/// A list in sections, as an app's diffable model holds it: section names and, per section, the
/// object IDs in order.
struct SectionedIDs: Equatable {
    var names: [Value] = []
    var ids: [[Int]] = []
}

/// The second baseline of `fetchsim bench`: a sectioned diff in the style of Heckel's algorithm,
/// as the diffing libraries apps use implement it (IGListKit's `IGListDiff`, DifferenceKit):
/// hash maps from identity to old and new position, then linear passes with running insert and
/// delete offsets. It reports section inserts and deletes, row inserts and deletes, and a move for
/// every surviving row whose section changed or whose offset-adjusted row did not match. It does
/// not look at content (no updates), so it does less than the controller does.
///
/// - Complexity: O(n + m) expected for n old and m new rows, with two hash maps.
struct HeckelDiff {
    var sectionInserts: [Int] = []
    var sectionDeletes: [Int] = []
    var inserts: [(section: Int, row: Int)] = []
    var deletes: [(section: Int, row: Int)] = []
    var moves: [(from: (section: Int, row: Int), to: (section: Int, row: Int))] = []

    /// The number of changes found.
    var count: Int { sectionInserts.count + sectionDeletes.count + inserts.count + deletes.count + moves.count }

    init(from old: SectionedIDs, to new: SectionedIDs) {
        // Sections by name: which survive, and where each old section went.
        var newSectionOf: [Value: Int] = [:]
        newSectionOf.reserveCapacity(new.names.count)
        for (index, name) in new.names.enumerated() { newSectionOf[name] = index }
        var oldSectionOf: [Value: Int] = [:]
        oldSectionOf.reserveCapacity(old.names.count)
        for (index, name) in old.names.enumerated() {
            oldSectionOf[name] = index
            if newSectionOf[name] == nil { sectionDeletes.append(index) }
        }
        for (index, name) in new.names.enumerated() where oldSectionOf[name] == nil { sectionInserts.append(index) }

        // The two symbol tables: identity → position in the old list and in the new one.
        var oldPosition: [Int: Position] = [:]
        oldPosition.reserveCapacity(old.ids.reduce(0) { $0 + $1.count })
        for (section, ids) in old.ids.enumerated() {
            for (row, id) in ids.enumerated() { oldPosition[id] = Position(section: section, row: row) }
        }
        var newPosition: [Int: Position] = [:]
        newPosition.reserveCapacity(new.ids.reduce(0) { $0 + $1.count })
        for (section, ids) in new.ids.enumerated() {
            for (row, id) in ids.enumerated() { newPosition[id] = Position(section: section, row: row) }
        }

        // Deletes, and per old section the running count of rows that leave it before each row.
        var leftBefore: [[Int]] = []
        leftBefore.reserveCapacity(old.ids.count)
        for (section, ids) in old.ids.enumerated() {
            let survives = newSectionOf[old.names[section]]
            var offsets = [Int](repeating: 0, count: ids.count)
            var left = 0
            for (row, id) in ids.enumerated() {
                offsets[row] = left
                guard let to = newPosition[id] else {
                    deletes.append((section, row))
                    left += 1
                    continue
                }
                if survives != to.section { left += 1 }
            }
            leftBefore.append(offsets)
        }
        // Inserts and moves, with the running count of rows that arrive before each new row.
        for (section, ids) in new.ids.enumerated() {
            let oldSection = oldSectionOf[new.names[section]]
            var arrived = 0
            for (row, id) in ids.enumerated() {
                guard let from = oldPosition[id] else {
                    inserts.append((section, row))
                    arrived += 1
                    continue
                }
                if oldSection != from.section {
                    arrived += 1
                    moves.append(((from.section, from.row), (section, row)))
                } else if from.row - leftBefore[from.section][from.row] != row - arrived {
                    moves.append(((from.section, from.row), (section, row)))
                }
            }
        }
    }

    struct Position {
        var section: Int
        var row: Int
    }
}
