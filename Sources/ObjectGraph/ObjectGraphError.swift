/// What went wrong in the object graph, worded for the person who typed it.
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
                + missing.map { "\"\($0.key) is a required value.\" for \($0.objectID) \($0.entity)" }.joined(separator: "; ")
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
        }
    }
}

/// A required attribute that is nil when the context saves: Core Data's
/// `NSValidationMissingMandatoryPropertyError` names the object (`NSValidationErrorObject`) and the
/// attribute (`NSValidationErrorKey`).
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
