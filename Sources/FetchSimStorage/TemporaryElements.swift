/// Short-lived elements made one by one and read through a span, without a heap allocation when
/// they are few: for a text test that lowercases ASCII bytes once per listed object and reads
/// them only for the test.
///
/// The buffer is on the stack when small (`withUnsafeTemporaryAllocation`), is fully
/// initialized before `body` sees it, and the span cannot outlive the call.
///
/// ```swift
/// let lowered = TemporaryElements.with(count: bytes.count, { bytes[$0] | 0x20 }) { span in
///     span.count
/// }
/// ```
public enum TemporaryElements {
    /// Calls `body` with `count` elements, element `i` being `element(i)`.
    /// - Parameters:
    ///   - count: How many elements (not negative).
    ///   - element: The element at an index, called once per index in order.
    ///   - body: What to do with the elements.
    /// - Returns: What `body` returns.
    @inlinable
    public static func with<Element: BitwiseCopyable, Result>(
        count: Int, _ element: (Int) -> Element, _ body: (Span<Element>) -> Result
    ) -> Result {
        precondition(count >= 0, "negative count \(count)")
        return withUnsafeTemporaryAllocation(of: Element.self, capacity: count) { buffer in
            for index in 0..<count { buffer.initializeElement(at: index, to: element(index)) }
            let elements = Span(_unsafeElements: UnsafeBufferPointer(rebasing: buffer[0..<count]))
            return body(elements)
        }
    }
}
