import Testing

@testable import Transcripts

/// The unified diff of `fetchsim replay`, against hunks worked out by hand as `diff -u` prints them.
@Suite struct UnifiedDiffTests {
    let old = (1...12).map { "line \($0)" }

    @Test func identicalBlocksHaveNoHunks() {
        #expect(UnifiedDiff.hunks(old: old, new: old).isEmpty)
    }

    /// One changed line in the middle: three lines of context either side.
    @Test func oneChangedLineGetsThreeLinesOfContext() {
        var new = old
        new[5] = "line six"
        #expect(
            UnifiedDiff.hunks(old: old, new: new) == [
                "@@ -3,7 +3,7 @@", " line 3", " line 4", " line 5", "-line 6", "+line six", " line 7", " line 8",
                " line 9",
            ])
    }

    /// Changes at lines 2 and 11 are 8 unchanged lines apart (more than 2 × 3): two hunks.
    @Test func distantChangesMakeTwoHunks() {
        var new = old
        new.remove(at: 1)  // line 2 deleted
        new.insert("new", at: 10)  // after line 11 of the old block
        #expect(
            UnifiedDiff.hunks(old: old, new: new) == [
                "@@ -1,5 +1,4 @@", " line 1", "-line 2", " line 3", " line 4", " line 5",
                "@@ -9,4 +8,5 @@", " line 9", " line 10", " line 11", "+new", " line 12",
            ])
    }

    /// Close changes share a hunk; a pure insertion at the start has an old range `0,0`.
    @Test func insertionAtTheStartAndCloseChangesShareAHunk() {
        let new = ["zero", "line 1", "line 2", "line 3", "line 4", "line 5", "LINE 6"] + old[6...]
        #expect(UnifiedDiff.hunks(old: Array(old[..<0]), new: ["a"]) == ["@@ -0,0 +1 @@", "+a"])
        #expect(
            UnifiedDiff.hunks(old: old, new: new) == [
                "@@ -1,9 +1,10 @@", "+zero", " line 1", " line 2", " line 3", " line 4", " line 5", "-line 6",
                "+LINE 6",
                " line 7", " line 8", " line 9",
            ])
    }

    /// The edit script keeps a longest common subsequence: a moved line is one delete and one insert.
    @Test func aMovedLineIsOneDeleteAndOneInsert() {
        let script = UnifiedDiff.edits(["a", "b", "c", "d"], ["b", "c", "d", "a"])
        #expect(
            script == [
                .delete(old: 0), .same(old: 1, new: 0), .same(old: 2, new: 1), .same(old: 3, new: 2), .insert(new: 3),
            ])
    }

    /// Line numbers come from the caller (a transcript numbers output lines as in its file).
    @Test func lineNumbersAreTheCallers() {
        #expect(
            UnifiedDiff.hunks(old: ["x"], new: ["y"], oldLineNumber: { 40 + $0 }, newLineNumber: { 40 + $0 })
                == ["@@ -40 +40 @@", "-x", "+y"])
    }
}
