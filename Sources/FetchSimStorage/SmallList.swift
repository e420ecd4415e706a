/// A few elements in the order they were read: up to four held inline, more in an array.
///
/// A reader that hands a caller a handful of values (an object's sort attributes) builds one of
/// these on the stack instead of an array, which would be an allocation per read.
///
/// ```swift
/// let list = SmallList(count: 3) { $0 * 10 }
/// Array(list)   // [0, 10, 20]
/// list[2]       // 20
/// ```
public struct SmallList<Element>: RandomAccessCollection {
    @usableFromInline var first: Element?
    @usableFromInline var second: Element?
    @usableFromInline var third: Element?
    @usableFromInline var fourth: Element?
    /// Every element, when there are more than four.
    @usableFromInline var more: [Element] = []
    /// The number of elements.
    public let count: Int

    /// The `count` elements `element(k)` for `k` in `0..<count`, each read once, in order.
    /// - Parameters:
    ///   - count: The number of elements, at least 0.
    ///   - element: The element at each position.
    @inlinable @inline(__always)
    public init(count: Int, _ element: (Int) throws -> Element) rethrows {
        precondition(count >= 0, "a list of \(count) elements")
        self.count = count
        guard count <= 4 else {
            more = try (0..<count).map(element)
            checkInvariantsIfEnabled()
            return
        }
        if count > 0 { first = try element(0) }
        if count > 1 { second = try element(1) }
        if count > 2 { third = try element(2) }
        if count > 3 { fourth = try element(3) }
        checkInvariantsIfEnabled()
    }

    @inlinable public var startIndex: Int { 0 }
    @inlinable public var endIndex: Int { count }

    /// The element at `index`.
    /// - Precondition: `index` is below `count`.
    @inlinable @inline(__always)
    public subscript(index: Int) -> Element {
        precondition(index >= 0 && index < count, "element \(index) of \(count)")
        if count > 4 { return more[index] }
        let element: Element?
        switch index {
        case 0: element = first
        case 1: element = second
        case 2: element = third
        default: element = fourth
        }
        guard let element else { preconditionFailure("SmallList: element \(index) of \(count) missing") }
        return element
    }
}

extension SmallList {
    /// `checkInvariants()` when `StorageChecks.isEnabled`. Out of line, so that the inlined
    /// initializer reads the build's flag where it is defined.
    @usableFromInline
    func checkInvariantsIfEnabled() {
        if StorageChecks.isEnabled { checkInvariants() }
    }

    /// Traps with a description of the first broken invariant: the inline elements are exactly
    /// the first `count` (none past it), and the array is used exactly when there are more than
    /// four, holding them all.
    package func checkInvariants() {
        if let problem = invariantViolation() { preconditionFailure("SmallList: \(problem)") }
    }

    /// The first broken invariant, described; nil when there is none.
    func invariantViolation() -> String? {
        guard count >= 0 else { return "count \(count)" }
        let inline = [first != nil, second != nil, third != nil, fourth != nil]
        if count > 4 {
            guard more.count == count else { return "\(more.count) elements in the array for count \(count)" }
            guard !inline.contains(true) else { return "inline elements beside the array" }
            return nil
        }
        guard more.isEmpty else { return "\(more.count) elements in the array for count \(count)" }
        for position in 0..<4 where inline[position] != (position < count) {
            return position < count
                ? "element \(position) of \(count) missing" : "element at \(position) past count \(count)"
        }
        return nil
    }
}
