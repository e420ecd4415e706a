/// The type of an entity attribute.
///
/// The data types are `string`, `int`, `double`, `bool` and `date` (`dataTypes`); `relationship`
/// and `toMany` are relationships to objects of another entity.
///
/// ```swift
/// Attribute("done", .bool).type                       // .bool
/// AttributeType(rawValue: "int")                      // .int
/// AttributeType.dataTypes.contains(.relationship)     // false
/// ```
public enum AttributeType: String, Sendable, CaseIterable, CustomStringConvertible {
    case string, int, double, bool, date
    /// A to-one relationship: the value is another object (`Value.object`), of the entity the
    /// attribute names as its `destinationEntity` (docs/semantics.md, "Relationships").
    case relationship
    /// A to-many relationship: the value is a set (or, when the attribute `isOrdered`, an
    /// ordered set) of objects of its `destinationEntity` (`Value.objects`; docs/semantics.md,
    /// "To-many relationships").
    case toMany

    /// The types an attribute of data (not a relationship) can have, as `entity` lines name them.
    public static var dataTypes: [AttributeType] { [.string, .int, .double, .bool, .date] }

    public var description: String { rawValue }
}
