/// Why an operation on a schema, a context or a store failed; `description` words it for a person,
/// naming what and where. Errors a save reports follow Core Data's validation errors.
///
/// ```swift
/// do {
///     try context.insert("Tag")
/// } catch {
///     error              // ObjectGraphError.unknownEntity("Tag")
///     error.description  // "unknown entity 'Tag'"
/// }
/// ```
public enum ObjectGraphError: Error, Equatable, Sendable, CustomStringConvertible {
    case invalidName(String)
    case duplicateAttribute(String, entity: String)
    case unknownEntity(String)
    case entityRedefined(String)
    /// A different definition of an entity that still has objects.
    case entityInUse(String, objects: Int)
    case unknownAttribute(String, entity: String)
    case requiredAttribute(String, entity: String)
    /// `save` found required attributes that are nil (Core Data's validation, codes 1570/1560).
    case missingMandatoryProperties([MissingMandatoryProperty])
    case typeMismatch(key: String, entity: String, expected: AttributeType, got: Value)
    case unknownObject(ObjectID)
    case deletedObject(ObjectID)
    case reentrantChangeProcessing
    case nothingToUndo
    case nothingToRedo
    case store(String)
    /// A store file that cannot be used, named as the user gave it.
    case storeFile(path: String, problem: StoreFileProblem)
    /// A relationship to an entity the schema does not define.
    case unknownDestination(String, relationship: String, entity: String)
    /// A relationship given an object of another entity than its destination.
    case wrongDestination(ObjectID, targetEntity: String, relationship: String, entity: String, destination: String)
    /// A relationship whose inverse, order or counts cannot be (`problem` says why).
    case invalidRelationship(String, entity: String, problem: String)
    /// An entity's place in an inheritance hierarchy is wrong (an unknown parent, attributes that
    /// do not begin with the parent's, a cycle), or an abstract entity was given an object.
    case invalidEntity(String, problem: String)
    /// `save` found relationships that fail validation: a *Deny* delete rule with live objects
    /// left (Core Data's 1600), or a to-many below its minimum or above its maximum count (1580,
    /// 1590); several are 1560.
    case relationshipValidation([RelationshipValidationFailure])

    public var description: String {
        switch self {
        case .invalidName(let name):
            "'\(name)' is not a valid name (letters, digits and '_', not starting with a digit)"
        case .duplicateAttribute(let key, let entity):
            "attribute '\(key)' is defined twice in entity '\(entity)'"
        case .unknownEntity(let name):
            "unknown entity '\(name)'"
        case .entityRedefined(let name):
            "entity '\(name)' is already defined with other attributes"
        case .entityInUse(let name, let count):
            "entity '\(name)' has \(count) object\(count == 1 ? "" : "s"); delete \(count == 1 ? "it" : "them") before redefining it"
        case .unknownAttribute(let key, let entity):
            "unknown attribute '\(key)' of entity '\(entity)'"
        case .requiredAttribute(let key, let entity):
            "attribute '\(key)' of entity '\(entity)' is required and cannot be nil"
        case .missingMandatoryProperties(let missing) where missing.count == 1:
            "save failed, nothing saved: NSCocoaErrorDomain code 1570 (NSValidationMissingMandatoryPropertyError) "
                + "\"\(missing[0].key) is a required value.\" for object \(missing[0].objectID) \(missing[0].entity)"
        case .missingMandatoryProperties(let missing):
            "save failed, nothing saved: NSCocoaErrorDomain code 1560 (NSValidationMultipleErrorsError) "
                + "\"Multiple validation errors occurred.\": "
                + missing.map { "\"\($0.key) is a required value.\" for \($0.objectID) \($0.entity)" }.joined(
                    separator: "; ")
        case .typeMismatch(let key, let entity, let expected, let got):
            "attribute '\(key)' of entity '\(entity)' is \(expected), not \(got.type.map { "\($0)" } ?? "nil") \(got.literal)"
        case .unknownObject(let id):
            "no object \(id)"
        case .deletedObject(let id):
            "object \(id) is deleted"
        case .reentrantChangeProcessing:
            "processPendingChanges() called while the context is delivering a change event; the change stays pending until that event ends"
        case .nothingToUndo:
            "nothing to undo"
        case .nothingToRedo:
            "nothing to redo"
        case .store(let message):
            message
        case .storeFile(let path, let problem):
            "store file '\(path)' \(problem)"
        case .unknownDestination(let destination, let relationship, let entity):
            destination.isEmpty
                ? "relationship '\(relationship)' of entity '\(entity)' has no destination entity"
                : "relationship '\(relationship)' of entity '\(entity)' points to unknown entity '\(destination)'; define it first"
        case .wrongDestination(let id, let target, let relationship, let entity, let destination):
            "relationship '\(relationship)' of entity '\(entity)' takes a \(destination), but \(id) is a \(target)"
        case .invalidRelationship(let relationship, let entity, let problem):
            "relationship '\(relationship)' of entity '\(entity)': \(problem)"
        case .invalidEntity(let entity, let problem):
            "entity '\(entity)': \(problem)"
        case .relationshipValidation(let failures) where failures.count == 1:
            "save failed, nothing saved: NSCocoaErrorDomain code \(failures[0].kind.code) (\(failures[0].kind.name)) "
                + "\"\(failures[0].kind.localizedDescription)\" for object \(failures[0].objectID) \(failures[0].entity), key \(failures[0].key)"
        case .relationshipValidation(let failures):
            "save failed, nothing saved: NSCocoaErrorDomain code 1560 (NSValidationMultipleErrorsError) "
                + "\"Multiple validation errors occurred.\": "
                + failures.map { "code \($0.kind.code) for \($0.objectID) \($0.entity), key \($0.key)" }.joined(
                    separator: "; ")
        }
    }
}

/// A required attribute that is nil when the context saves: Core Data's
/// `NSValidationMissingMandatoryPropertyError` names the object (`NSValidationErrorObject`) and the
/// attribute (`NSValidationErrorKey`).
///
/// ```swift
/// // "title" is a non-optional string without a default.
/// let note = try context.insert("Note")
/// try context.save()
/// // throws .missingMandatoryProperties([
/// //     MissingMandatoryProperty(objectID: note.objectID, entity: "Note", key: "title")])
/// ```
public struct MissingMandatoryProperty: Equatable, Sendable {
    public var objectID: ObjectID
    public var entity: String
    public var key: String

    public init(objectID: ObjectID, entity: String, key: String) {
        self.objectID = objectID
        self.entity = entity
        self.key = key
    }
}

/// A relationship that fails validation when the context saves: the object
/// (`NSValidationErrorObject`), the relationship (`NSValidationErrorKey`) and what is wrong.
///
/// ```swift
/// try context.define([
///     Entity(name: "Note", attributes: [Attribute("title", .string)]),
///     Entity(name: "Folder", attributes: [.toMany("notes", destination: "Note", minCount: 2)]),
/// ])
/// let note = try context.insert("Note", values: [("title", .string("Milk"))])
/// let folder = try context.insert("Folder", values: [("notes", .objects([note.objectID]))])
/// try context.save()
/// // throws .relationshipValidation([RelationshipValidationFailure(
/// //     kind: .tooFew, objectID: folder.objectID, entity: "Folder", key: "notes")]);
/// // the kind's code is 1580. An empty set would count as absent and pass.
/// ```
public struct RelationshipValidationFailure: Equatable, Sendable {
    /// Core Data's validation error codes for relationships (`CoreDataErrors.h`).
    ///
    /// ```swift
    /// let kind = RelationshipValidationFailure.Kind.tooFew
    /// kind.code   // 1580
    /// kind.name   // "NSValidationRelationshipLacksMinimumCountError"
    /// ```
    public enum Kind: Equatable, Sendable {
        /// The deleted object's *Deny* relationship still holds a live object.
        case deniedDelete
        /// A to-many relationship holds fewer objects than its `minCount`.
        case tooFew
        /// A to-many relationship holds more objects than its `maxCount`.
        case tooMany

        /// `NSValidationRelationshipDeniedDeleteError` 1600, `…LacksMinimumCountError` 1580,
        /// `…ExceedsMaximumCountError` 1590.
        public var code: Int {
            switch self {
            case .deniedDelete: 1600
            case .tooFew: 1580
            case .tooMany: 1590
            }
        }

        /// The constant's name in `CoreDataErrors.h`.
        public var name: String {
            switch self {
            case .deniedDelete: "NSValidationRelationshipDeniedDeleteError"
            case .tooFew: "NSValidationRelationshipLacksMinimumCountError"
            case .tooMany: "NSValidationRelationshipExceedsMaximumCountError"
            }
        }

        /// The error's `localizedDescription` as Foundation words a Cocoa error without a
        /// message of its own (docs/semantics.md, "To-many relationships").
        public var localizedDescription: String {
            "The operation couldn\u{2019}t be completed. (Cocoa error \(code).)"
        }
    }

    public var kind: Kind
    public var objectID: ObjectID
    public var entity: String
    public var key: String

    public init(kind: Kind, objectID: ObjectID, entity: String, key: String) {
        self.kind = kind
        self.objectID = objectID
        self.entity = entity
        self.key = key
    }
}
