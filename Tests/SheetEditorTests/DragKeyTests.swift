import FetchSimCore
import SheetEditor
import Testing

/// Picking up, carrying, dropping and cancelling a row with keys and with the mouse. Demo rows:
/// Groceries #1 Milk, #2 Eggs, #3 Bread, #4 Coffee; Home #5–#8; Work #9–#12.
@Suite struct DragKeyTests {
    @Test func cursorMovesAcrossSections() throws {
        let fixture = try Fixture()
        fixture.press(.down, .character("j"), .down, .down)
        #expect(fixture.editor.cursor == IndexPath(row: 0, section: 1))
        fixture.press(.up, .character("k"))
        #expect(fixture.editor.cursor == IndexPath(row: 2, section: 0))
        fixture.press(.character("G"))
        #expect(fixture.editor.cursor == IndexPath(row: 3, section: 2))
        fixture.press(.character("g"))
        #expect(fixture.editor.cursor == IndexPath(row: 0, section: 0))
        #expect(fixture.lines.isEmpty)
    }

    @Test func carryingAcrossSectionsWritesNothingUntilTheDrop() throws {
        let fixture = try Fixture()
        fixture.press(.character(" "))
        // Down from 0.0: Groceries positions 1, 2, 3 (its count after the removal), then Home 0, 1.
        fixture.press(.down, .down, .down, .down, .down)
        #expect(fixture.lines.isEmpty)
        #expect(fixture.tableIDs == [[1, 2, 3, 4], [5, 6, 7, 8], [9, 10, 11, 12]])
        // The screen shows the row moving: Milk between Fix the sink and Water plants.
        let screen = fixture.screenText
        let milk = try #require(screen.firstIndex { $0.contains("Milk") })
        #expect(screen[milk - 1].contains("Fix the sink"))
        #expect(screen[milk + 1].contains("Water plants"))
        #expect(screen[milk].hasPrefix("≡"))
        #expect(screen.contains { $0.hasPrefix("── Groceries (G) · 3 rows") })
        #expect(screen.contains { $0.hasPrefix("── Home (H) · 5 rows") })
        fixture.press(.character(" "))
        #expect(fixture.lines == ["move 0.0 1.1"])
        #expect(fixture.tableIDs == [[2, 3, 4], [5, 1, 6, 7, 8], [9, 10, 11, 12]])
        #expect(fixture.editor.cursor == IndexPath(row: 1, section: 1))
    }

    @Test func carryingUpIntoThePreviousSectionGoesToItsEnd() throws {
        let fixture = try Fixture()
        fixture.press(.down, .down, .down, .down, .down)  // 1.1 Water plants
        fixture.press(.character(" "), .up, .up, .enter)
        // 1.1 → 1.0 → the end of Groceries (4 rows there, none removed): 0.4.
        #expect(fixture.lines == ["move 1.1 0.4"])
        #expect(fixture.tableIDs == [[1, 2, 3, 4, 6], [5, 7, 8], [9, 10, 11, 12]])
    }

    @Test func escapeCancelsTheDrag() throws {
        let fixture = try Fixture()
        fixture.press(.down, .character(" "), .down, .down, .escape)
        #expect(fixture.lines.isEmpty)
        #expect(fixture.editor.cursor == IndexPath(row: 1, section: 0))
        #expect(fixture.editor.mode == .browsing)
        #expect(fixture.tableIDs[0] == [1, 2, 3, 4])
    }

    @Test func droppingWhereItWasWritesNothing() throws {
        let fixture = try Fixture()
        fixture.press(.character(" "), .down, .up, .character(" "))
        #expect(fixture.lines.isEmpty)
    }

    @Test func mAndShiftSpaceDoTheUnflaggedDrag() throws {
        let fixture = try Fixture()
        fixture.press(.down, .character("m"), .up, .character("m"))
        fixture.press(.shiftSpace, .down, .down, .shiftSpace)
        #expect(fixture.lines == ["move --unflagged 0.1 0.0", "move --unflagged 0.0 0.2"])
    }

    @Test func mousePressDragReleaseIsOneMove() throws {
        let fixture = try Fixture()
        // Screen line 0 is the column header, 1 the Groceries header, 2–5 its rows, 6 Home's header.
        fixture.press(.mouse(MouseEvent(.press, line: 3, column: 12)))
        #expect(fixture.editor.cursor == IndexPath(row: 1, section: 0))
        fixture.press(.mouse(MouseEvent(.drag, line: 4, column: 12)), .mouse(MouseEvent(.drag, line: 5, column: 12)))
        #expect(fixture.lines.isEmpty)
        fixture.press(.mouse(MouseEvent(.release, line: 5, column: 12)))
        #expect(fixture.lines == ["move 0.1 0.3"])
        #expect(fixture.tableIDs[0] == [1, 3, 4, 2])
    }

    @Test func aClickSelectsTheCell() throws {
        let fixture = try Fixture()
        fixture.press(.mouse(MouseEvent(.press, line: 8, column: 0)), .mouse(MouseEvent(.release, line: 8, column: 0)))
        #expect(fixture.editor.cursor == IndexPath(row: 1, section: 1))
        #expect(fixture.lines.isEmpty)
    }
}
