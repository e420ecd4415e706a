/// The header of a record whose slots `PackedRecord` packs: it says how many slots follow it.
///
/// ```swift
/// struct RowHeader: PackedRecordHeader {
///     let slotCount: Int
/// }
/// ```
public protocol PackedRecordHeader {
    /// The number of slots: fixed for the record's life.
    var slotCount: Int { get }
}

/// What one slot of a `PackedRecord` holds: a caller's kind (0 to 63) with its payload — 64
/// bits, a string, or an array of elements.
///
/// ```swift
/// let slot = PackedSlot<Int>.string(kind: 1, "Milk")
/// ```
public enum PackedSlot<Element> {
    case bits(kind: UInt8, UInt64)
    case string(kind: UInt8, String)
    case elements(kind: UInt8, [Element])
}

/// A record of slots packed into one allocation with its header: 16 bytes of payload per slot
/// and one tag byte, the tags together after the payloads.
///
/// An enum of a string, numbers and an array is 17 bytes (a 16-byte `String` payload and a tag
/// byte), so an array of them strides 24 bytes a value and lives in an allocation of its own.
/// Here the header, the payloads and the tags share one: three slots take 48 + 8 bytes after
/// the header instead of 72 in a second allocation. A slot's tag byte holds the caller's kind
/// (the high six bits) and the payload's layout (the low two: bits, a `String`, an
/// `[Element]`); a payload holding a string or an array owns it (retained while it is there,
/// released when the slot is set again or the record goes), and only its own layout is ever
/// read back from it.
///
/// The record is an object of the caller's class, which declares no stored properties and
/// calls `destroy(_:)` from its `deinit`; `PackedRecord(record:)` views one that `make` built.
///
/// ```swift
/// final class Row {
///     deinit { PackedRecord<RowHeader, Int>.destroy(self) }
/// }
/// let row = PackedRecord<RowHeader, Int>.make(
///     Row.self, header: RowHeader(slotCount: 2), slots: [.string(kind: 1, "Milk"), .bits(kind: 2, 3)])
/// let view = PackedRecord<RowHeader, Int>(record: row)
/// view.kind(at: 0)                                 // 1
/// view.withString(at: 0) { $0.count }              // 4
/// view.set(.elements(kind: 3, [4, 5]), at: 1)      // releases nothing, retains the array
/// ```
public struct PackedRecord<Header: PackedRecordHeader, Element> {
    @usableFromInline typealias Buffer = ManagedBufferPointer<Header, UInt64>
    @usableFromInline let buffer: Buffer

    /// Payload bytes per slot.
    @inlinable static var payloadBytes: Int { 16 }
    /// The payload layouts a tag's low two bits name.
    @inlinable static var bitsLayout: UInt8 { 0 }
    @inlinable static var stringLayout: UInt8 { 1 }
    @inlinable static var elementsLayout: UInt8 { 2 }
    /// The largest kind a slot can have (six bits).
    @inlinable public static var maximumKind: UInt8 { 63 }

    /// The 8-byte words the slots of a record of `count` slots take: the payloads, then the tags.
    @inlinable public static func words(for count: Int) -> Int {
        2 * count + (count + 7) / 8
    }

    /// The record `record` is: an object `make` built with this header and element type.
    @inlinable public init(record: AnyObject) {
        buffer = Buffer(unsafeBufferObject: record)
    }

    /// A new record of class `recordClass` (a class without stored properties whose `deinit`
    /// calls `destroy(_:)`) with `header` and `header.slotCount` slots from `slots` in order:
    /// missing ones are `.bits(kind: 0, 0)`, extra ones ignored.
    /// - Parameters:
    ///   - recordClass: The class of the new object.
    ///   - header: The header, which fixes the number of slots.
    ///   - slots: The slots' first contents.
    /// - Returns: The new object.
    @inlinable
    public static func make<Record: AnyObject, Slots: Sequence<PackedSlot<Element>>>(
        _ recordClass: Record.Type, header: Header, slots: Slots
    ) -> Record {
        let (buffer, base, count) = allocate(recordClass, header: header)
        // The loop runs outside any closure: a counter captured by one is checked for exclusive
        // access on every slot. `buffer` holds the record alive meanwhile.
        defer { withExtendedLifetime(buffer) {} }
        var source = slots.makeIterator()
        for index in 0..<count {
            initialize(base, count: count, at: index, to: source.next() ?? .bits(kind: 0, 0))
        }
        return finish(buffer, as: recordClass)
    }

    /// A new record of class `recordClass` (as `make(_:header:slots:)`) whose slot `index` is
    /// `slot(index)`, for each index below `header.slotCount` in order: for slots read from a
    /// borrowed view such as a `Span`, which is no `Sequence`.
    ///
    /// ```swift
    /// let words = ["Milk", "Eggs"]
    /// let row = PackedRecord<RowHeader, Int>.make(Row.self, header: RowHeader(slotCount: 2)) {
    ///     .string(kind: 1, words[$0])
    /// }
    /// ```
    /// - Parameters:
    ///   - recordClass: The class of the new object.
    ///   - header: The header, which fixes the number of slots.
    ///   - slot: The first contents of the slot at an index.
    /// - Returns: The new object.
    @inlinable
    public static func make<Record: AnyObject>(
        _ recordClass: Record.Type, header: Header, slotAt slot: (Int) -> PackedSlot<Element>
    ) -> Record {
        let (buffer, base, count) = allocate(recordClass, header: header)
        defer { withExtendedLifetime(buffer) {} }
        for index in 0..<count {
            initialize(base, count: count, at: index, to: slot(index))
        }
        return finish(buffer, as: recordClass)
    }

    /// A record of `header.slotCount` uninitialized slots with its tag words zeroed, the start of
    /// its slots, and their count; the caller initializes every slot, then calls `finish`.
    @inlinable @inline(__always)
    static func allocate<Record: AnyObject>(
        _ recordClass: Record.Type, header: Header
    ) -> (buffer: Buffer, base: UnsafeMutableRawPointer, count: Int) {
        let count = header.slotCount
        precondition(count >= 0, "a record of \(count) slots")
        let buffer = Buffer(bufferClass: recordClass, minimumCapacity: words(for: count)) { _, _ in header }
        let base = buffer.withUnsafeMutablePointerToElements { UnsafeMutableRawPointer($0) }
        // The tag words first, so that the padding after the last tag reads zero.
        for word in 0..<(count + 7) / 8 {
            (base + count * payloadBytes).storeBytes(of: 0, toByteOffset: word * 8, as: UInt64.self)
        }
        return (buffer, base, count)
    }

    /// The record `allocate` made, once every slot is initialized.
    @inlinable @inline(__always)
    static func finish<Record: AnyObject>(_ buffer: Buffer, as recordClass: Record.Type) -> Record {
        let record = unsafeDowncast(buffer.buffer, to: Record.self)
        PackedRecord(record: record).checkInvariantsIfEnabled()
        return record
    }

    /// Releases every slot's string or array and the header: the record class's `deinit` calls
    /// it, once.
    /// - Parameter record: The object being deinitialized.
    @inlinable
    public static func destroy(_ record: AnyObject) {
        Buffer(unsafeBufferObject: record).withUnsafeMutablePointers { header, words in
            let count = header.pointee.slotCount
            let base = UnsafeMutableRawPointer(words)
            for index in 0..<count { deinitialize(base, count: count, at: index) }
            _ = header.deinitialize(count: 1)
        }
    }

    /// The header.
    @inlinable public var header: Header { buffer.header }

    /// Changes the header in place.
    /// - Parameter body: The change; it must keep `slotCount`.
    @inlinable
    public func updateHeader(_ body: (inout Header) -> Void) {
        buffer.withUnsafeMutablePointerToHeader { header in
            let count = header.pointee.slotCount
            body(&header.pointee)
            precondition(header.pointee.slotCount == count, "a header change altered the slot count")
        }
    }

    /// The number of slots.
    @inlinable public var count: Int { buffer.header.slotCount }

    /// The start of the slots and their count, after checking `index` against the count; valid
    /// while `self` holds the record (through every method of `self`).
    @inlinable @inline(__always)
    func location(checking index: Int) -> (base: UnsafeMutableRawPointer, count: Int) {
        buffer.withUnsafeMutablePointers { header, words in
            let count = header.pointee.slotCount
            precondition(index >= 0 && index < count, "slot \(index) of \(count)")
            return (UnsafeMutableRawPointer(words), count)
        }
    }

    @inlinable @inline(__always)
    static func tag(_ base: UnsafeMutableRawPointer, count: Int, at index: Int) -> UInt8 {
        (base + count * payloadBytes).load(fromByteOffset: index, as: UInt8.self)
    }

    /// The caller's kind of slot `index`.
    /// - Precondition: `index` is below `count`.
    @inlinable @inline(__always)
    public func kind(at index: Int) -> UInt8 {
        let (base, count) = location(checking: index)
        return Self.tag(base, count: count, at: index) >> 2
    }

    /// The 64 payload bits of slot `index`: the value of a `.bits` slot (for a string or an
    /// array, the first word of its reference, which only `hasSamePayload` compares).
    /// - Precondition: `index` is below `count`.
    @inlinable @inline(__always)
    public func bits(at index: Int) -> UInt64 {
        let (base, _) = location(checking: index)
        return (base + index * Self.payloadBytes).load(as: UInt64.self)
    }

    /// Calls `body` with the string of slot `index`, read where the slot holds it (no copy).
    /// - Parameters:
    ///   - index: The slot, below `count`, which holds a string.
    ///   - body: What to do with the string.
    /// - Returns: What `body` returns.
    @inlinable @inline(__always)
    public func withString<R>(at index: Int, _ body: (String) throws -> R) rethrows -> R {
        let (base, count) = location(checking: index)
        precondition(Self.tag(base, count: count, at: index) & 3 == Self.stringLayout, "slot \(index) holds no string")
        return try body((base + index * Self.payloadBytes).assumingMemoryBound(to: String.self).pointee)
    }

    /// The array of slot `index`, which holds one.
    /// - Precondition: `index` is below `count`.
    @inlinable @inline(never)
    public func elements(at index: Int) -> [Element] {
        let (base, count) = location(checking: index)
        precondition(
            Self.tag(base, count: count, at: index) & 3 == Self.elementsLayout, "slot \(index) holds no array")
        return (base + index * Self.payloadBytes).load(as: [Element].self)
    }

    /// The contents of slot `index`.
    /// - Precondition: `index` is below `count`.
    @inlinable @inline(__always)
    public func slot(at index: Int) -> PackedSlot<Element> {
        let (base, count) = location(checking: index)
        let tag = Self.tag(base, count: count, at: index)
        let payload = base + index * Self.payloadBytes
        switch tag & 3 {
        case Self.stringLayout: return .string(kind: tag >> 2, payload.load(as: String.self))
        case Self.elementsLayout: return Self.loadElements(payload, kind: tag >> 2)
        default: return .bits(kind: tag >> 2, payload.load(as: UInt64.self))
        }
    }

    /// Whether the 16 payload bytes of slot `index` and of slot `otherIndex` of `other` are the
    /// same: for two strings, the same text (inline, or the same storage and length).
    /// - Precondition: each index is below its record's `count`.
    @inlinable @inline(__always)
    public func hasSamePayload(at index: Int, as other: PackedRecord, at otherIndex: Int) -> Bool {
        let (base, _) = location(checking: index)
        let (otherBase, _) = other.location(checking: otherIndex)
        let a = base + index * Self.payloadBytes
        let b = otherBase + otherIndex * Self.payloadBytes
        return a.load(as: UInt64.self) == b.load(as: UInt64.self)
            && a.load(fromByteOffset: 8, as: UInt64.self) == b.load(fromByteOffset: 8, as: UInt64.self)
    }

    /// Replaces slot `index` with `slot`, releasing the string or array it held.
    /// - Parameters:
    ///   - slot: The new contents; its kind at most `maximumKind`.
    ///   - index: The slot, below `count`.
    @inlinable @inline(__always)
    public func set(_ slot: PackedSlot<Element>, at index: Int) {
        let (base, count) = location(checking: index)
        Self.deinitialize(base, count: count, at: index)
        Self.initialize(base, count: count, at: index, to: slot)
        checkInvariantsIfEnabled()
    }

    /// Writes `slot` into the uninitialized payload `index` and its tag.
    @inlinable @inline(__always)
    static func initialize(_ base: UnsafeMutableRawPointer, count: Int, at index: Int, to slot: PackedSlot<Element>) {
        let payload = base + index * payloadBytes
        let tag: UInt8
        switch slot {
        case .bits(let kind, let bits):
            precondition(kind <= maximumKind, "slot kind \(kind)")
            tag = kind << 2 | bitsLayout
            payload.storeBytes(of: bits, as: UInt64.self)
        case .string(let kind, let string):
            precondition(kind <= maximumKind, "slot kind \(kind)")
            tag = kind << 2 | stringLayout
            payload.bindMemory(to: String.self, capacity: 1).initialize(to: string)
        case .elements(let kind, let elements):
            precondition(kind <= maximumKind, "slot kind \(kind)")
            tag = kind << 2 | elementsLayout
            initializeElements(payload, elements)
        }
        (base + count * payloadBytes).storeBytes(of: tag, toByteOffset: index, as: UInt8.self)
    }

    /// Ends the life of payload `index` (releases its string or array, if it holds one).
    @inlinable @inline(__always)
    static func deinitialize(_ base: UnsafeMutableRawPointer, count: Int, at index: Int) {
        let layout = tag(base, count: count, at: index) & 3
        if layout == stringLayout {
            (base + index * payloadBytes).assumingMemoryBound(to: String.self).deinitialize(count: 1)
        } else if layout == elementsLayout {
            deinitializeElements(base + index * payloadBytes)
        }
    }

    // The arrays' own code stays out of line: inlined into every read and write of a slot, it
    // makes them larger than the optimizer inlines, slowing the paths that never see one.

    @inlinable @inline(never)
    static func initializeElements(_ payload: UnsafeMutableRawPointer, _ elements: [Element]) {
        payload.bindMemory(to: [Element].self, capacity: 1).initialize(to: elements)
    }

    @inlinable @inline(never)
    static func loadElements(_ payload: UnsafeMutableRawPointer, kind: UInt8) -> PackedSlot<Element> {
        .elements(kind: kind, payload.load(as: [Element].self))
    }

    @inlinable @inline(never)
    static func deinitializeElements(_ payload: UnsafeMutableRawPointer) {
        payload.assumingMemoryBound(to: [Element].self).deinitialize(count: 1)
    }
}

extension PackedRecord {
    /// `checkInvariants()` when `StorageChecks.isEnabled`: what each change ends with. Out of
    /// line, so that the inlined changes read the build's flag where it is defined.
    @usableFromInline
    func checkInvariantsIfEnabled() {
        if StorageChecks.isEnabled { checkInvariants() }
    }

    /// Traps with a description of the first broken invariant: a negative slot count, an
    /// allocation too small for the slots, a tag naming no payload layout, or a nonzero byte in
    /// the padding after the last tag.
    /// - Complexity: O(slots).
    package func checkInvariants() {
        if let problem = invariantViolation() { preconditionFailure("PackedRecord: \(problem)") }
    }

    /// The first broken invariant, described; nil when there is none.
    func invariantViolation() -> String? {
        buffer.withUnsafeMutablePointers { header, words in
            let count = header.pointee.slotCount
            guard count >= 0 else { return "\(count) slots" }
            let capacity = buffer.capacity
            guard Self.words(for: count) <= capacity else {
                return "\(count) slots need \(Self.words(for: count)) words, the allocation has \(capacity)"
            }
            let base = UnsafeMutableRawPointer(words)
            for index in 0..<count {
                let tag = Self.tag(base, count: count, at: index)
                guard tag & 3 != 3 else { return "slot \(index) has tag \(tag), of no payload layout" }
            }
            for index in count..<((count + 7) / 8 * 8) {
                let byte = Self.tag(base, count: count, at: index)
                guard byte == 0 else { return "padding byte \(index) after the tags is \(byte)" }
            }
            return nil
        }
    }

    /// Overwrites the tag byte at `index` (a slot's, or the padding's after the last): how the
    /// tests break a record to see the check name it.
    func overwriteTagByte(_ byte: UInt8, at index: Int) {
        buffer.withUnsafeMutablePointers { header, words in
            let count = header.pointee.slotCount
            precondition(index >= 0 && index < (count + 7) / 8 * 8, "tag byte \(index)")
            (UnsafeMutableRawPointer(words) + count * Self.payloadBytes)
                .storeBytes(of: byte, toByteOffset: index, as: UInt8.self)
        }
    }
}
