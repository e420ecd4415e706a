import Foundation
import ObjectGraph
import SQLiteStore
import Testing

/// Runs `body` with a fresh temporary folder, removed afterwards (write permission restored first).
func withTemporaryFolder<T>(_ body: (String) throws -> T) throws -> T {
    let folder = try makeTemporaryFolder()
    defer { removeTemporaryFolder(folder) }
    return try body(folder)
}

/// `withTemporaryFolder` for async tests.
func withTemporaryFolder<T>(_ body: (String) async throws -> T) async throws -> T {
    let folder = try makeTemporaryFolder()
    defer { removeTemporaryFolder(folder) }
    return try await body(folder)
}

private func makeTemporaryFolder() throws -> String {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("fetchsim-store-\(UUID().uuidString)")
        .path
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    return folder
}

private func removeTemporaryFolder(_ folder: String) {
    if let paths = FileManager.default.enumerator(atPath: folder) {
        for case let relative as String in paths { chmod(folder + "/" + relative, 0o755) }
    }
    chmod(folder, 0o755)
    try? FileManager.default.removeItem(atPath: folder)
}

/// The exact bytes of a file, or `nil` when there is none.
func bytes(of path: String) -> Data? {
    FileManager.default.contents(atPath: path)
}

/// `Note(title: string, order: int, score: double?, done: bool?, due: date?, tag: string = "none")`.
func noteEntity() throws -> Entity {
    try Entity(
        name: "Note",
        attributes: [
            Attribute("title", .string),
            Attribute("order", .int),
            Attribute("score", .double, isOptional: true, defaultValue: .double(-0.0)),
            Attribute("done", .bool, isOptional: true),
            Attribute("due", .date, isOptional: true),
            Attribute("tag", .string, defaultValue: .string("none")),
        ])
}

/// A new store at `path` and a context on it that defines `Note` (`noteEntity()`) and
/// `Tag(label: string)`, in that order.
func notesAndTagsStore(at path: String) throws -> (store: SQLiteStore, context: ObjectContext) {
    let store = try SQLiteStore(path: path)
    let context = try ObjectContext(store: store)
    try context.define(noteEntity())
    try context.define(Entity(name: "Tag", attributes: [Attribute("label", .string)]))
    return (store, context)
}

/// A value's kind and exact bits: strings by UTF-8 bytes (Swift's `==` would equate canonically
/// equivalent strings), doubles and dates by bit pattern (so -0.0 differs from 0.0 and NaN
/// equals NaN).
func exactKey(_ value: Value) -> String {
    switch value {
    case .null: "nil"
    case .string(let s): "string " + s.utf8.map { String($0, radix: 16) }.joined(separator: ".")
    case .int(let i): "int \(i)"
    case .bool(let b): "bool \(b)"
    case .double(let d): "double " + (d.isNaN ? "nan" : String(d.bitPattern, radix: 16))
    case .date(let d): "date " + String(d.timeIntervalSinceReferenceDate.bitPattern, radix: 16)
    case .object(let id): "object \(id.rawValue)"
    case .objects(let ids): "objects " + ids.map { String($0.rawValue) }.joined(separator: ",")
    }
}

/// Every object of a store's contents, one exact line each, plus the next ID.
func exactDump(_ contents: StoreContents) -> [String] {
    contents.objects.map { object in
        "\(object.id) \(object.entity) " + object.values.map(exactKey).joined(separator: " | ")
    } + ["next \(contents.nextObjectID)"]
}

/// Every live object of a context, one exact line each, in ID order.
func exactDump(_ context: ObjectContext) -> [String] {
    context.schema.entities.flatMap { context.objects(ofEntity: $0.name) }
        .sorted { $0.objectID < $1.objectID }
        .map { "\($0.objectID) \($0.entity.name) " + $0.values.map(exactKey).joined(separator: " | ") }
}

/// Expects `body` to throw `ObjectGraphError.storeFile` for `path` with `problem`, and returns the message.
@discardableResult
func expectStoreError(
    _ path: String, _ problem: StoreFileProblem,
    sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> Void
) -> String? {
    let error = #expect(throws: ObjectGraphError.self, sourceLocation: sourceLocation) { try body() }
    #expect(error == .storeFile(path: path, problem: problem), sourceLocation: sourceLocation)
    return error?.description
}
