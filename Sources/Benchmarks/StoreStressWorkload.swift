import FetchSimCore
import Foundation
import ObjectGraph
import SQLiteStore

/// The crash test's workload: numbered batches of inserts, updates and deletes, each a pure
/// function of the seed and the committed state, so a test can compute what a killed child
/// process had committed. Used by `fetchsim store-stress` and by `SQLiteStoreTests`; it lives
/// with the tools, not in the SQLite store product that apps link.
package struct StoreStressWorkload {
    package let seed: UInt64

    package init(seed: UInt64) {
        self.seed = seed
    }

    /// `Item` exercises every attribute type, optional and default; `Progress` counts batches.
    package static func entities() throws(ObjectGraphError) -> [Entity] {
        [
            try Entity(
                name: "Item",
                attributes: [
                    Attribute("name", .string, defaultValue: .string("")),
                    Attribute("count", .int, defaultValue: .int(0)),
                    Attribute("ratio", .double, isOptional: true, defaultValue: .double(0.5)),
                    Attribute("weight", .double, defaultValue: .int(3)),
                    Attribute("flag", .bool, isOptional: true),
                    Attribute("stamp", .date, isOptional: true),
                    Attribute("note", .string, defaultValue: .string("n/a")),
                ]),
            try Entity(name: "Progress", attributes: [Attribute("batch", .int)]),
        ]
    }

    /// Runs the next batch on `context` (defining the entities when missing) and returns its number.
    /// The caller saves.
    @discardableResult
    package func runNextBatch(in context: ObjectContext) throws(ObjectGraphError) -> Int {
        for entity in try Self.entities() { try context.define(entity) }
        let progress = context.objects(ofEntity: "Progress").first
        let batch = (progress.map { Self.int($0["batch"]) } ?? 0) + 1
        var random = SeededGenerator(seed: seed &* 0x9E37_79B9_7F4A_7C15 ^ UInt64(batch))
        let items = context.objects(ofEntity: "Item").map(\.objectID).sorted()

        let big = random.next(8) == 0
        for _ in 0..<(big ? 300 : random.next(12)) {
            try context.insert("Item", values: randomValues(&random, all: random.next(2) == 0))
        }
        for _ in 0..<min(items.count, random.next(8)) {
            let id = items[random.next(items.count)]
            guard context.object(with: id) != nil else { continue }
            for (key, value) in randomValues(&random, all: false) { try context.setValue(value, forKey: key, of: id) }
        }
        let deletions = items.count > 150 ? 40 + random.next(40) : random.next(4)
        for _ in 0..<min(items.count, deletions) {
            let id = items[random.next(items.count)]
            if context.object(with: id) != nil { try context.delete(id) }
        }
        if let progress {
            try context.setValue(.int(batch), forKey: "batch", of: progress.objectID)
        } else {
            try context.insert("Progress", values: [("batch", .int(batch))])
        }
        return batch
    }

    /// What the child prints after each committed save: `batch=N objects=N`.
    package static func report(batch: Int, objectCount: Int) -> String {
        "batch=\(batch) objects=\(objectCount)"
    }

    /// The report line `contents` would have.
    package static func report(of contents: StoreContents) -> String {
        let progress = contents.objects.first { $0.entity == "Progress" }
        return report(batch: progress?.values.first.map(int) ?? 0, objectCount: contents.objects.count)
    }

    /// `batch=N objects=N next=N digest=HEX`: the report plus the next ID and an FNV-1a digest of
    /// the schema and every value's exact bits, for logs and failure messages.
    package static func summary(of contents: StoreContents) -> String {
        var digest = Digest()
        for entity in contents.schema.entities {
            digest.add("E\(entity.name)")
            for a in entity.attributes {
                digest.add("A\(a.name):\(a.type):\(a.isOptional):\(a.defaultValue?.storageKey ?? "-")")
            }
        }
        for object in contents.objects {
            digest.add("O\(object.id.rawValue):\(object.entity)")
            for value in object.values { digest.add(value.storageKey) }
        }
        digest.add("N\(contents.nextObjectID)")
        return report(of: contents) + " next=\(contents.nextObjectID) digest=\(String(digest.value, radix: 16))"
    }

    private static func int(_ value: Value) -> Int {
        if case .int(let i) = value { return i }
        return 0
    }

    // MARK: Random values

    private static let strings = [
        "", "plain", #"with "double" and 'single' quotes"#, "line\nbreak\r\nand\ttab", #"back\slash\\"#,
        "émoji 🎉 日本語 עברית", "nul\u{0}inside", "  padded  ", String(repeating: "long ", count: 200),
    ]
    private static let ints = [0, 1, -1, Int.min, Int.max, Int(Int32.max) + 1]
    private static let doubles: [Double] = [
        0, -0.0, 0.1 + 0.2, -1.5e-300, .leastNonzeroMagnitude, .greatestFiniteMagnitude, .infinity, -.infinity, .nan,
    ]

    private func randomValues(_ random: inout SeededGenerator, all: Bool) -> [(key: String, value: Value)] {
        var values: [(key: String, value: Value)] = []
        func maybe(_ key: String, _ make: (inout SeededGenerator) -> Value) {
            if all || random.next(3) == 0 { values.append((key, make(&random))) }
        }
        maybe("name") { r in
            .string(r.next(3) == 0 ? "item \(r.next(100_000))" : Self.strings[r.next(Self.strings.count)])
        }
        maybe("count") { r in
            .int(r.next(2) == 0 ? Self.ints[r.next(Self.ints.count)] : Int(truncatingIfNeeded: r.next()))
        }
        maybe("ratio") { r in r.next(4) == 0 ? .null : .double(Self.randomDouble(&r)) }
        maybe("weight") { r in r.next(4) == 0 ? .int(r.next(1000)) : .double(Self.randomDouble(&r)) }
        maybe("flag") { r in [Value.null, .bool(false), .bool(true)][r.next(3)] }
        maybe("stamp") { r in
            r.next(4) == 0
                ? .null
                : .date(
                    Date(
                        timeIntervalSinceReferenceDate: Double(r.next(4_000_000_000)) - 2e9 + Double(r.next(1_000_000))
                            / 1e6 + 1e-7))
        }
        maybe("note") { r in .string(Self.strings[r.next(Self.strings.count)]) }
        return values
    }

    private static func randomDouble(_ random: inout SeededGenerator) -> Double {
        random.next(2) == 0
            ? doubles[random.next(doubles.count)]
            : Double(bitPattern: random.next() & ~(0x7FF << 52) | (UInt64(random.next(2046) + 1) << 52))
    }

    /// 64-bit FNV-1a over UTF-8, with a separator after each part.
    private struct Digest {
        var value: UInt64 = 0xCBF2_9CE4_8422_2325
        mutating func add(_ part: String) {
            for byte in part.utf8 + [0] {
                value = (value ^ UInt64(byte)) &* 0x0100_0000_01B3
            }
        }
    }
}

extension SeededGenerator {
    /// A number in `0..<bound` (0 when `bound` is 0), by plain modulo so that it never changes.
    fileprivate mutating func next(_ bound: Int) -> Int {
        bound <= 0 ? 0 : Int(next() % UInt64(bound))
    }
}
