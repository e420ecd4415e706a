import Foundation

#if canImport(FoundationXML)
import FoundationXML
#endif

/// Parses the `contents` XML of one `.xcdatamodel` into a `ManagedObjectModelDescription`, with
/// Foundation's `XMLParser` (a maintained libxml2 parser; the XML is never scanned by hand).
///
/// The element and attribute names are those Xcode writes (`<model>`, `<entity name=…
/// representedClassName=… parentEntity=… isAbstract="YES">`, `<attribute name=… optional="YES"
/// attributeType="Integer 64" defaultValueString=… transient="YES">`, `<relationship … toMany="YES"
/// ordered="YES" deletionRule="Cascade" destinationEntity=… inverseName=… inverseEntity=…
/// minCount=… maxCount=…>`, `<fetchRequest name=… entity=… predicateString=…>`,
/// `<fetchedProperty>`, `<configuration>`, `<elements>`), as seen in model files in public
/// repositories. Unknown elements are skipped: newer Xcode versions add some (layout, indexes).
enum ModelXMLParser {
    /// Parses `data`, the XML of the file `file`; throws at the first problem, located.
    static func parse(_ data: Data, file: String) throws(CoreDataFileError) -> ManagedObjectModelDescription {
        let parser = XMLParser(data: data)
        let delegate = Delegate(file: file, text: data)
        parser.delegate = delegate
        // On Linux the parser recovers from some errors and still reports success: the first
        // error the delegate hears of is what counts.
        let succeeded = parser.parse()
        if let failure = delegate.failure { throw failure }
        guard succeeded else {
            let reason = parser.parserError.map { ($0 as NSError).localizedDescription } ?? "unreadable XML"
            throw CoreDataFileError(
                file: file, location: ModelLocation(line: parser.lineNumber, column: parser.columnNumber),
                "not a well-formed model file: \(reason)")
        }
        guard delegate.sawModel else {
            throw CoreDataFileError(
                file: file, location: ModelLocation(line: 1, column: 1), "no <model> element: not an Xcode model file")
        }
        return delegate.model
    }

    /// Builds the description element by element; the first problem aborts the parse.
    private final class Delegate: NSObject, XMLParserDelegate {
        let file: String
        var model: ManagedObjectModelDescription
        var failure: CoreDataFileError?
        var sawModel = false
        /// The open elements, outermost first.
        private var stack: [String] = []
        /// Inside a `<fetchedProperty>`: its own `<fetchRequest>` is not one of the model's.
        private var skippedDepth: Int?

        /// The file's bytes, to find where an element's start tag begins.
        private let text: [UInt8]
        /// The offset of each line's first byte.
        private let lineStarts: [Int]

        init(file: String, text: Data) {
            self.file = file
            self.model = ManagedObjectModelDescription(file: file)
            self.text = Array(text)
            var starts = [0]
            for (offset, byte) in self.text.enumerated() where byte == UInt8(ascii: "\n") { starts.append(offset + 1) }
            self.lineStarts = starts
        }

        func parser(_ parser: XMLParser, parseErrorOccurred error: Error) {
            guard failure == nil else { return }
            let code = (error as NSError).code
            let reason =
                XMLParser.ErrorCode(rawValue: code).map { Self.words(String(describing: $0)) } ?? "XML error \(code)"
            failure = CoreDataFileError(
                file: file, location: ModelLocation(line: parser.lineNumber, column: parser.columnNumber),
                "not a well-formed model file: \(reason)")
            parser.abortParsing()
        }

        /// `tagNameMismatchError` as `tag name mismatch`.
        static func words(_ name: String) -> String {
            var out = ""
            for character in name.hasSuffix("Error") ? String(name.dropLast(5)) : name {
                if character.isUppercase { out += " " + character.lowercased() } else { out.append(character) }
            }
            return out
        }

        /// Where the start tag of `name` that the parser has just read begins: the parser stands
        /// at its end (the `>`), so the `<name` before it is searched for.
        private func startOfElement(_ name: String, endingAt line: Int, _ column: Int) -> ModelLocation {
            guard line >= 1, line <= lineStarts.count else { return ModelLocation(line: line, column: column) }
            let tag = Array(("<" + name).utf8)
            var offset = min(lineStarts[line - 1] + column - 1, text.count - tag.count)
            while offset >= 0, !text[offset..<offset + tag.count].elementsEqual(tag) { offset -= 1 }
            guard offset >= 0 else { return ModelLocation(line: line, column: column) }
            let startLine = (lineStarts.lastIndex { $0 <= offset } ?? 0)
            let prefix = String(decoding: text[lineStarts[startLine]..<offset], as: UTF8.self)
            return ModelLocation(line: startLine + 1, column: prefix.count + 1)
        }

        func parser(
            _ parser: XMLParser, didStartElement name: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            let location = startOfElement(name, endingAt: parser.lineNumber, parser.columnNumber)
            defer { stack.append(name) }
            guard skippedDepth == nil, failure == nil else { return }
            do {
                try start(
                    name, attributes: Attributes(values: attributes, element: name, file: file, location: location),
                    location: location)
            } catch {
                failure = error
                parser.abortParsing()
            }
        }

        func parser(_ parser: XMLParser, didEndElement name: String, namespaceURI: String?, qualifiedName: String?) {
            guard !stack.isEmpty else { return }
            stack.removeLast()
            if skippedDepth == stack.count { skippedDepth = nil }
        }

        private func start(_ name: String, attributes: Attributes, location: ModelLocation) throws(CoreDataFileError) {
            // Matched on the whole path, so an element means something only where Xcode writes it.
            switch (stack, name) {
            case ([], "model"):
                sawModel = true
            case ([], _):
                throw CoreDataFileError(
                    file: file, location: location,
                    "the root element is <\(name)>, not <model>: not an Xcode model file")
            case (["model"], "entity"):
                model.entities.append(
                    EntityDescription(
                        name: try attributes.required("name"),
                        representedClassName: attributes["representedClassName"],
                        isAbstract: try attributes.flag("isAbstract"),
                        parentEntity: attributes["parentEntity"],
                        location: location))
            case (["model", "entity"], "attribute"):
                let attributeName = try attributes.required("name")
                let typeText = try attributes.required("attributeType")
                let isTransient = try attributes.flag("transient")
                guard let type = ModelAttributeType(rawValue: typeText) else {
                    if typeText == "Undefined", isTransient {
                        model.notes.append(
                            "transient attribute '\(attributeName)' of entity '\(model.entities[model.entities.count - 1].name)' has no type (Undefined): ignored"
                        )
                        return
                    }
                    let known = ModelAttributeType.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                    throw CoreDataFileError(
                        file: file, location: location,
                        "<attribute name=\"\(attributeName)\">: unknown attributeType '\(typeText)' (expected one of \(known))"
                    )
                }
                model.entities[model.entities.count - 1].attributes.append(
                    AttributeDescription(
                        name: attributeName, type: type,
                        isOptional: try attributes.flag("optional"),
                        isTransient: isTransient,
                        defaultValueString: attributes["defaultValueString"],
                        defaultDateTimeInterval: try attributes.number("defaultDateTimeInterval"),
                        location: location))
            case (["model", "entity"], "relationship"):
                let ruleText = attributes["deletionRule"] ?? ModelDeleteRule.nullify.rawValue
                guard let rule = ModelDeleteRule(rawValue: ruleText) else {
                    let known = ModelDeleteRule.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", ")
                    throw CoreDataFileError(
                        file: file, location: location,
                        "<relationship>: unknown deletionRule '\(ruleText)' (expected one of \(known))")
                }
                model.entities[model.entities.count - 1].relationships.append(
                    RelationshipDescription(
                        name: try attributes.required("name"),
                        destinationEntity: try attributes.required("destinationEntity"),
                        isToMany: try attributes.flag("toMany"),
                        isOrdered: try attributes.flag("ordered"),
                        isOptional: try attributes.flag("optional"),
                        isTransient: try attributes.flag("transient"),
                        inverseName: attributes["inverseName"],
                        inverseEntity: attributes["inverseEntity"],
                        deleteRule: rule,
                        minCount: try attributes.integer("minCount"),
                        maxCount: try attributes.integer("maxCount"),
                        location: location))
            case (["model", "entity"], "fetchedProperty"):
                let entity = model.entities[model.entities.count - 1].name
                model.notes.append(
                    "fetched property '\(attributes["name"] ?? "")' of entity '\(entity)' is ignored: FetchSim has no fetched properties"
                )
                skippedDepth = stack.count
            case (["model"], "fetchRequest"):
                model.fetchRequests.append(
                    FetchRequestDescription(
                        name: try attributes.required("name"),
                        entity: try attributes.required("entity"),
                        predicateString: attributes["predicateString"],
                        fetchLimit: try attributes.integer("fetchLimit"),
                        location: location))
            case (["model"], "configuration"):
                model.notes.append(
                    "configuration '\(attributes["name"] ?? "")' is ignored: every entity goes to the one store")
                skippedDepth = stack.count
            case (["model", "entity"], "uniquenessConstraints"):
                let entity = model.entities[model.entities.count - 1].name
                model.notes.append(
                    "uniqueness constraints of entity '\(entity)' are ignored: FetchSim does not merge by constraint")
                skippedDepth = stack.count
            default:
                // Layout (`<elements>`), user info, indexes and elements of newer Xcode versions.
                break
            }
        }
    }

    /// The XML attributes of one element, read with messages naming the element.
    private struct Attributes {
        let values: [String: String]
        let element: String
        let file: String
        let location: ModelLocation

        subscript(key: String) -> String? { values[key] }

        private var elementText: String {
            values["name"].map { "<\(element) name=\"\($0)\">" } ?? "<\(element)>"
        }

        func required(_ key: String) throws(CoreDataFileError) -> String {
            guard let value = values[key], !value.isEmpty else {
                throw CoreDataFileError(file: file, location: location, "\(elementText) has no \(key)")
            }
            return value
        }

        /// Xcode writes booleans as `YES` and leaves out the attribute for `NO`.
        func flag(_ key: String) throws(CoreDataFileError) -> Bool {
            switch values[key] {
            case nil, "NO": return false
            case "YES": return true
            case let other?:
                throw CoreDataFileError(
                    file: file, location: location, "\(elementText): \(key) is '\(other)', expected YES or NO")
            }
        }

        func number(_ key: String) throws(CoreDataFileError) -> Double? {
            guard let text = values[key] else { return nil }
            guard let value = Double(text), value.isFinite else {
                throw CoreDataFileError(
                    file: file, location: location, "\(elementText): \(key) is '\(text)', expected a number")
            }
            return value
        }

        func integer(_ key: String) throws(CoreDataFileError) -> Int? {
            guard let text = values[key] else { return nil }
            guard let value = Int(text), value >= 0 else {
                throw CoreDataFileError(
                    file: file, location: location, "\(elementText): \(key) is '\(text)', expected a whole number")
            }
            return value
        }
    }
}
