import FetchSimCore
import Foundation
import ObjectGraph
import Testing

@testable import FetchedResults

/// `KeyLayout.code(of:at:)`, the fetch's key read straight from an object, gives the words of
/// `KeyLayout.encode(_:at:)` (the change path's) for the same values.
@Suite struct KeyLayoutObjectTests {
    /// A context whose one entity has `types`, holding one object per row of `rows` (IDs from 1).
    /// The objects come from a store, which does not type-check: a column may mix kinds.
    static func objects(_ rows: [[Value]], types: [AttributeType]) throws -> [ManagedObject] {
        let entity = try Entity(
            name: "Row", attributes: types.indices.map { Attribute("a\($0)", types[$0], isOptional: true) })
        let stored = rows.indices.map { StoredObject(id: ObjectID($0 + 1), entity: "Row", values: rows[$0]) }
        let context = try ObjectContext(store: InMemoryStore(schema: try Schema(entities: [entity]), objects: stored))
        let objects = context.objects(ofEntity: "Row")
        withExtendedLifetime(context) {}
        return objects
    }

    @Test func wordsByHand() throws {
        let objects = try Self.objects([[.string("ab"), .int(1)], [.int(1), .string("ab")]], types: [.string, .int])
        // "ab": tag 03, 61 62, end 00 01; 1: tag 02, the ordered bits of 1.0 (0x3FF0… with the
        // sign bit set: BF F0 00 00 00 00 00 00), exact 40. 15 bytes, left-aligned, flags 0.
        let ascending = KeyLayout(ascending: [true, true], types: [.string, .int])
        #expect(
            ascending.code(of: objects[0], at: [0, 1])
                == CompactKey(w0: 0x0361_6200_0102_BFF0, w1: 0x0000_0000_0000_4000, w2: 0))
        // Descending: every written byte inverted, the unwritten ones and the flags stay 0.
        let descending = KeyLayout(ascending: [false, false], types: [.string, .int])
        #expect(
            descending.code(of: objects[0], at: [0, 1])
                == CompactKey(w0: 0xFC9E_9DFF_FEFD_400F, w1: 0xFFFF_FFFF_FFFF_BF00, w2: 0))
        // The keys in the other order (indexes [1, 0]) read the same values.
        #expect(
            ascending.code(of: objects[1], at: [1, 0])
                == CompactKey(w0: 0x0361_6200_0102_BFF0, w1: 0x0000_0000_0000_4000, w2: 0))
        // 21 x's do not fit (tag + 21 bytes + 2-byte end = 24 > 23): the tag, the x's and the
        // end's first byte 00 are written, then the flags byte says inexact (1).
        let long = try Self.objects([[.string(String(repeating: "x", count: 21)), .int(0)]], types: [.string, .int])
        #expect(
            ascending.code(of: long[0], at: [0, 1])
                == CompactKey(w0: 0x0378_7878_7878_7878, w1: 0x7878_7878_7878_7878, w2: 0x7878_7878_7878_0001))
    }

    @Test(arguments: CompactKeyTests.columns, CompactKeyTests.columns)
    func sameWordsAsEncode(first: CompactKeyTests.Column, second: CompactKeyTests.Column) throws {
        var rng = SeededGenerator(seed: UInt64(first.name.count * 17 + second.name.count))
        let rows = (0..<200).map { _ in [first.draw(&rng), .string("padding"), second.draw(&rng)] }
        let objects = try Self.objects(rows, types: [first.type ?? .string, .string, second.type ?? .string])
        for ascending in CompactKeyTests.directions {
            let layout = KeyLayout(ascending: ascending, types: [first.type, second.type])
            for (object, row) in zip(objects, rows) {
                #expect(layout.code(of: object, at: [0, 2]) == layout.encode(row, at: [0, 2]), "\(row) \(ascending)")
                #expect(layout.code(of: object, at: [2, 0]) == layout.encode(row, at: [2, 0]), "\(row) \(ascending)")
            }
        }
    }
}
