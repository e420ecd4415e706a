import Foundation
import ObjectGraph
import Testing

@testable import FetchedResults

/// Section names are the key value's `description`, and the default index title is `%c` of the
/// name's first UTF-16 unit, uppercased (issue 33 items 5 and 6). Expectations written by hand
/// from Foundation's documented descriptions (`NSNumber` of a `BOOL` prints `1`/`0`, `NSDate`
/// `2024-05-01 00:00:00 +0000`) and from MacRoman's code chart (Unicode's ROMAN.TXT).
@Suite struct SectionNameAndIndexTitleTests {
    private func names(key: String, type: AttributeType, values: [Value]) throws -> (FetchedResultsController, [String])
    {
        let context = try ObjectContext()
        try context.define(Entity(name: "Item", attributes: [Attribute("title", .string), Attribute(key, type)]))
        for (index, value) in values.enumerated() {
            try context.insert("Item", values: [("title", .string("t\(index)")), (key, value)])
        }
        try context.processPendingChanges()
        let request = FetchRequest(
            entityName: "Item", sortDescriptors: [SortDescriptor(key: key), SortDescriptor(key: "title")],
            sectionNameKeyPath: key)
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        return (controller, controller.sections?.map(\.name) ?? [])
    }

    @Test func booleansAreOneAndZero() throws {
        #expect(try names(key: "done", type: .bool, values: [.bool(true), .bool(false)]).1 == ["0", "1"])
    }

    @Test func wholeDoublesHaveNoFraction() throws {
        #expect(
            try names(key: "score", type: .double, values: [.double(3), .double(2.5), .double(0.1), .double(1e20)]).1
                == ["0.1", "2.5", "3", "1e+20"])
    }

    @Test func datesAreNSDateDescriptions() throws {
        // 2024-05-01 00:00:00 UTC and 2024-05-01 10:30:15.250 UTC.
        let day = Date(timeIntervalSince1970: 1_714_521_600)
        #expect(
            try names(key: "due", type: .date, values: [.date(day), .date(day.addingTimeInterval(37_815.25))]).1
                == ["2024-05-01 00:00:00 +0000", "2024-05-01 10:30:15 +0000"])
    }

    @Test func aRelationshipIsTheObjectsURI() throws {
        let context = try ObjectContext()
        try context.define(Entity(name: "List", attributes: [Attribute("name", .string)]))
        try context.define(
            Entity(name: "Note", attributes: [Attribute("title", .string), .toOne("list", destination: "List")]))
        try context.insert("List", values: [("name", .string("Groceries"))])
        try context.insert("Note", values: [("title", .string("Milk")), ("list", .object(ObjectID(1)))])
        try context.processPendingChanges()
        let request = FetchRequest(
            entityName: "Note", sortDescriptors: [SortDescriptor(key: "list"), SortDescriptor(key: "title")],
            sectionNameKeyPath: "list")
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        #expect(controller.sections?.map(\.name) == ["x-coredata://5F1B0C2E-7A3D-4E69-9C1A-0000000000F5/List/p1"])
        #expect(controller.sectionIndexTitles == ["X"])
    }

    @Test func theIndexTitleIsTheFirstUnitsLowByteInMacRoman() {
        let title = FetchedResultsController.defaultIndexTitle(forSectionName:)
        #expect(title("apples") == "A")
        #expect(title("1 kg") == "1")
        // U+00C4: byte 0xC4 is MacRoman's ƒ (U+0192), uppercased Ƒ (U+0191).
        #expect(title("Äpfel") == "\u{0191}")
        // U+65E5: byte 0xE5 is MacRoman's Â.
        #expect(title("日本") == "Â")
        // U+1F34E is the surrogate pair D83C DF4E: byte 0x3C is "<".
        #expect(title("🍎 Fruit") == "<")
        // U+00E9: byte 0xE9 is MacRoman's È.
        #expect(title("été") == "È")
        // U+0100: byte 0x00, and snprintf's %c of 0 writes an empty C string.
        #expect(title("Ābc") == "")
        // U+00DF ß is MacRoman 0xDF, the ﬂ ligature (U+FB02), uppercased "FL".
        #expect(title("ßa") == "FL")
        #expect(title("") == nil)
    }

    @Test func theHighHalfIsRomanTxt() {
        let title = FetchedResultsController.defaultIndexTitle(forSectionName:)
        // Units whose low byte is in MacRoman's high half, expected from ROMAN.TXT: 0x80 Ä, 0xA5
        // • (U+2022), 0xCA the no-break space, 0xDB €, 0xE7 Á, 0xF0 the Apple logo (U+F8FF),
        // 0xFF ˇ (U+02C7); none changes when uppercased.
        #expect(title("\u{0180}") == "\u{00C4}")
        #expect(title("\u{01A5}x") == "\u{2022}")
        #expect(title("\u{01CA}") == "\u{00A0}")
        #expect(title("\u{01DB}") == "\u{20AC}")
        #expect(title("\u{00E7}a") == "\u{00C1}")
        #expect(title("\u{01F0}") == "\u{F8FF}")
        #expect(title("\u{00FF}") == "\u{02C7}")
    }

    @Test func onlyAdjacentDuplicateTitlesAreDropped() throws {
        // Sorted by order, sectioned by group: Apples, Avocados, Bananas, Apricots.
        let context = try ObjectContext()
        try context.define(Entity(name: "Item", attributes: [Attribute("group", .string), Attribute("order", .int)]))
        for (order, group) in ["Apples", "Avocados", "Bananas", "Apricots"].enumerated() {
            try context.insert("Item", values: [("group", .string(group)), ("order", .int(order))])
        }
        try context.processPendingChanges()
        let request = FetchRequest(
            entityName: "Item", sortDescriptors: [SortDescriptor(key: "order")], sectionNameKeyPath: "group")
        let controller = try FetchedResultsController(fetchRequest: request, context: context)
        try controller.performFetch()
        #expect(controller.sections?.map(\.name) == ["Apples", "Avocados", "Bananas", "Apricots"])
        #expect(controller.sectionIndexTitles == ["A", "B", "A"])
        #expect(controller.section(forSectionIndexTitle: "A", at: 0) == 0)
        #expect(controller.section(forSectionIndexTitle: "B", at: 1) == 2)
        #expect(controller.section(forSectionIndexTitle: "A", at: 2) == 3)
        #expect(controller.section(forSectionIndexTitle: "B", at: 2) == nil, "Apple raises: the title at 2 is not 'B'")
        #expect(controller.section(forSectionIndexTitle: "A", at: 3) == nil, "Apple raises: invalid offset")
    }
}
