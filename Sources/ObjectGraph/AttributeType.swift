/// The type of an entity attribute.
public enum AttributeType: String, Sendable, CaseIterable, CustomStringConvertible {
    case string, int, double, bool, date
    /// A to-one relationship: the value is another object (`Value.object`), of the entity the
    /// attribute names as its `destinationEntity` (docs/semantics.md, "Relationships").
    case relationship

    public var description: String { rawValue }
}
