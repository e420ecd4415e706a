import Foundation
import ObjectGraph

/// What `import coredata` read from a store, as text a transcript embeds (`# file:` lines before
/// the line), so that a recording replays without the store file — as `import csv` embeds its
/// file. One record per line:
///
/// ```
/// coredata-store 1
/// identifier 5C1D2E3F-4A5B-4C6D-8E7F-901A2B3C4D5E
/// object 1 Folder ["sHome"]
/// object 2 Note ["sMilk","i0","o1"]
/// ```
///
/// Each value is a JSON string holding its tagged text, as `# store:` snapshots write them
/// (`Value.taggedText`: `sMilk`, `i0`, `o1`, `m3,4`).
extension CoreDataStoreContents {
    /// The first line of the text: its format and version.
    static let textHeader = "coredata-store 1"

    /// The contents as text.
    package var text: String {
        var lines = [Self.textHeader]
        if let storeIdentifier { lines.append("identifier \(storeIdentifier)") }
        // Written by hand rather than through JSONSerialization: a store may hold a million
        // objects, and the text is made on every import, recorded or not.
        for object in objects {
            var line = "object \(object.id.rawValue) \(object.entity) ["
            for (index, value) in object.values.enumerated() {
                if index > 0 { line += "," }
                Self.appendJSONString(value.taggedText, to: &line)
            }
            lines.append(line + "]")
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// `text` as a JSON string: quotes, backslashes and control characters escaped.
    private static func appendJSONString(_ text: String, to line: inout String) {
        line += "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": line += "\\\""
            case "\\": line += "\\\\"
            case "\n": line += "\\n"
            case "\r": line += "\\r"
            case "\t": line += "\\t"
            case "\u{2028}": line += "\\u2028"
            case "\u{2029}": line += "\\u2029"
            default:
                if scalar.value < 0x20 {
                    let hex = String(scalar.value, radix: 16)
                    line += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    line.unicodeScalars.append(scalar)
                }
            }
        }
        line += "\""
    }

    /// The contents `text` describes, checked against `schema` (each object's entity and its
    /// number of values); the error names `file` and the line at fault.
    ///
    /// - Parameters:
    ///   - text: what `text` wrote.
    ///   - schema: the session's model, mapped.
    ///   - file: the store's path as the line named it, for messages.
    /// - Throws: `CoreDataFileError` at the first line that does not read back.
    package init(text: String, schema: Schema, file: String) throws(CoreDataFileError) {
        var objects: [StoredObject] = []
        var identifier: String?
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.first.map(String.init) == Self.textHeader else {
            throw CoreDataFileError(file: file, "the embedded store does not start with '\(Self.textHeader)'")
        }
        for (offset, line) in lines.enumerated().dropFirst() where !line.isEmpty {
            let fail = { (reason: String) in
                CoreDataFileError(
                    file: file, location: ModelLocation(line: offset + 1, column: 1), "embedded store: \(reason)")
            }
            let words = line.split(separator: " ", maxSplits: 3, omittingEmptySubsequences: false)
            switch words.first {
            case "identifier" where words.count >= 2:
                identifier = String(line.dropFirst("identifier ".count))
            case "object" where words.count == 4:
                guard let raw = Int(words[1]), raw > 0 else { throw fail("'\(words[1])' is not an object ID") }
                guard let entity = schema.entity(named: String(words[2])) else {
                    throw fail("the model has no entity '\(words[2])'")
                }
                let parsed = try? JSONSerialization.jsonObject(with: Data(words[3].utf8)) as? [String]
                guard let encoded = parsed else { throw fail("the values are not a JSON array of strings") }
                guard encoded.count == entity.attributes.count else {
                    throw fail(
                        "object \(raw) needs \(entity.attributes.count) values of '\(entity.name)', read \(encoded.count)"
                    )
                }
                var values: [Value] = []
                for item in encoded {
                    guard let value = Value(taggedText: item) else { throw fail("'\(item)' is not a value") }
                    values.append(value)
                }
                objects.append(StoredObject(id: ObjectID(raw), entity: entity.name, values: values))
            default:
                throw fail("unknown record '\(words.first ?? "")'")
            }
        }
        let counts = schema.entities.map { entity in
            (entity: entity.name, count: objects.count(where: { $0.entity == entity.name }))
        }
        self.init(objects: objects, counts: counts, storeIdentifier: identifier)
    }
}
