import ObjectGraph

/// The type of an attribute, as Core Data's `NSAttributeType`, with Apple's raw values.
///
/// The engine keeps one integer type and one floating-point type, so the three integer widths
/// become its `int` and `double`/`float` its `double`; the width is kept here and decides the Swift
/// type `@Managed` reads (`Int16`, `Float`, …). Values are not checked against the width. The types
/// the engine has no values for (decimal, binary data, UUID, URI, transformable, object ID,
/// composite) are refused when the model is loaded, naming the attribute.
///
/// ```swift
/// let order = NSAttributeDescription()
/// order.name = "order"
/// order.attributeType = .integer16AttributeType
/// order.isOptional = false
/// // in the subclass: @Managed var order: Int16
/// // note.value(forKey: "order") is an NSNumber; note.order an Int16
/// ```
public enum NSAttributeType: UInt, Sendable, CustomStringConvertible {
    case undefinedAttributeType = 0
    case integer16AttributeType = 100
    case integer32AttributeType = 200
    case integer64AttributeType = 300
    case decimalAttributeType = 400
    case doubleAttributeType = 500
    case floatAttributeType = 600
    case stringAttributeType = 700
    case booleanAttributeType = 800
    case dateAttributeType = 900
    case binaryDataAttributeType = 1000
    case UUIDAttributeType = 1100
    case URIAttributeType = 1200
    case transformableAttributeType = 1800
    case objectIDAttributeType = 2000
    case compositeAttributeType = 2100

    /// The engine's type for this one, or nil for a type the engine cannot hold.
    var engineType: AttributeType? {
        switch self {
        case .integer16AttributeType, .integer32AttributeType, .integer64AttributeType: .int
        case .doubleAttributeType, .floatAttributeType: .double
        case .stringAttributeType: .string
        case .booleanAttributeType: .bool
        case .dateAttributeType: .date
        default: nil
        }
    }

    /// The class Core Data names in its messages for values of this type (`NSString`, `NSNumber`, `NSDate`).
    var valueClassName: String {
        switch self {
        case .stringAttributeType: "NSString"
        case .dateAttributeType: "NSDate"
        case .binaryDataAttributeType: "NSData"
        case .UUIDAttributeType: "NSUUID"
        case .URIAttributeType: "NSURL"
        case .decimalAttributeType: "NSDecimalNumber"
        default: "NSNumber"
        }
    }

    /// `integer16AttributeType`, as Swift prints the case.
    public var description: String {
        switch self {
        case .undefinedAttributeType: "undefinedAttributeType"
        case .integer16AttributeType: "integer16AttributeType"
        case .integer32AttributeType: "integer32AttributeType"
        case .integer64AttributeType: "integer64AttributeType"
        case .decimalAttributeType: "decimalAttributeType"
        case .doubleAttributeType: "doubleAttributeType"
        case .floatAttributeType: "floatAttributeType"
        case .stringAttributeType: "stringAttributeType"
        case .booleanAttributeType: "booleanAttributeType"
        case .dateAttributeType: "dateAttributeType"
        case .binaryDataAttributeType: "binaryDataAttributeType"
        case .UUIDAttributeType: "UUIDAttributeType"
        case .URIAttributeType: "URIAttributeType"
        case .transformableAttributeType: "transformableAttributeType"
        case .objectIDAttributeType: "objectIDAttributeType"
        case .compositeAttributeType: "compositeAttributeType"
        }
    }
}
