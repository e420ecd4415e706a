/// The type of an entity attribute.
public enum AttributeType: String, Sendable, CaseIterable, CustomStringConvertible {
    case string, int, double, bool, date

    public var description: String { rawValue }
}
