import Foundation

/// The live set `mutableSetValue(forKey:)` returns: each read asks the object for the
/// relationship's current objects, each change sets the relationship to the changed set through
/// `setValue(_:forKey:)` (so a wrong object is refused the same way).
///
/// Foundation on Linux lets a subclass of `NSMutableSet` work through its primitive methods
/// (`count`, `member`, `objectEnumerator`, `add`, `remove`); `removeAllObjects`, `union` and
/// `addObjects(from:)` go through them. Bridging to `Set` does not (it reads Foundation's own
/// storage, empty here).
final class RelationshipMutableSet: NSMutableSet {
    private var owner: NSManagedObject?
    private var key = ""

    init(owner: NSManagedObject, key: String) {
        self.owner = owner
        self.key = key
        super.init(capacity: 0)
    }

    required init(capacity numItems: Int) { super.init(capacity: numItems) }
    required init?(coder: NSCoder) { nil }
    required convenience init(arrayLiteral elements: Any...) { self.init(capacity: 0) }

    private var members: [Any] {
        switch owner?.value(forKey: key) {
        case let set as NSSet: set.allObjects
        case let set as NSOrderedSet: set.array
        default: []
        }
    }

    override var count: Int { members.count }

    override func member(_ object: Any) -> Any? {
        guard let object = object as? NSManagedObject else { return nil }
        return members.first { ($0 as? NSManagedObject) === object }
    }

    override func objectEnumerator() -> NSEnumerator { NSArray(array: members).objectEnumerator() }

    override func add(_ object: Any) {
        guard member(object) == nil else { return }
        owner?.setValue(members + [object], forKey: key)
    }

    override func remove(_ object: Any) {
        guard let object = object as? NSManagedObject else { return }
        let current = members
        let kept = current.filter { ($0 as? NSManagedObject) !== object }
        if kept.count != current.count { owner?.setValue(kept, forKey: key) }
    }

    override func removeAllObjects() {
        owner?.setValue([Any](), forKey: key)
    }
}

/// The ordered set `mutableOrderedSetValue(forKey:)` returns: each change sets the whole
/// relationship through `setValue(_:forKey:)`, and each call refreshes it from the object.
///
/// Foundation on Linux keeps an `NSMutableOrderedSet`'s objects in its own storage and lets a
/// subclass override only some methods (`array`, `set` and enumeration are not open): the proxy
/// copies the relationship into that storage when made and after each of its calls, so those
/// reads see the relationship as of the proxy's last call.
final class RelationshipMutableOrderedSet: NSMutableOrderedSet {
    private var owner: NSManagedObject?
    private var key = ""
    /// True while `refresh` fills Foundation's storage: Foundation's own methods call back into
    /// the overridden ones then, which must answer from that storage, not refresh again.
    private var refreshing = false

    init(owner: NSManagedObject, key: String) {
        self.owner = owner
        self.key = key
        super.init(capacity: 0)
        refresh()
    }

    required override init(capacity numItems: Int) { super.init(capacity: numItems) }
    required init?(coder: NSCoder) { nil }
    required convenience init(arrayLiteral elements: Any...) { self.init(capacity: 0) }

    /// The relationship's objects now.
    private var members: [NSManagedObject] {
        switch owner?.value(forKey: key) {
        case let set as NSOrderedSet: set.array.compactMap { $0 as? NSManagedObject }
        case let set as NSSet: set.allObjects.compactMap { $0 as? NSManagedObject }
        default: []
        }
    }

    /// Copies the relationship into Foundation's storage; returns its objects.
    @discardableResult
    private func refresh() -> [NSManagedObject] {
        let objects = members
        refreshing = true
        defer { refreshing = false }
        while super.count > 0 { super.removeObject(at: super.count - 1) }
        for (index, object) in objects.enumerated() { super.insert(object, at: index) }
        return objects
    }

    private func write(_ objects: [Any]) {
        owner?.setValue(objects, forKey: key)
        refresh()
    }

    override var count: Int { refreshing ? super.count : refresh().count }
    override func object(at idx: Int) -> Any { refreshing ? super.object(at: idx) : refresh()[idx] }
    override func index(of object: Any) -> Int {
        if refreshing { return super.index(of: object) }
        guard let object = object as? NSManagedObject else { return NSNotFound }
        return refresh().firstIndex { $0 === object } ?? NSNotFound
    }
    override func contains(_ object: Any) -> Bool {
        refreshing ? super.contains(object) : index(of: object) != NSNotFound
    }

    override func add(_ object: Any) {
        if refreshing { return super.add(object) }
        guard !contains(object) else { return }
        write(members + [object])
    }

    override func addObjects(from array: [Any]) {
        if refreshing { return super.addObjects(from: array) }
        var objects: [Any] = members
        for object in array
        where !objects.contains(where: { ($0 as? NSManagedObject) === (object as? NSManagedObject) }) {
            objects.append(object)
        }
        write(objects)
    }

    override func insert(_ object: Any, at idx: Int) {
        if refreshing { return super.insert(object, at: idx) }
        guard !contains(object) else { return }
        var objects: [Any] = members
        objects.insert(object, at: Swift.min(Swift.max(idx, 0), objects.count))
        write(objects)
    }

    override func remove(_ object: Any) {
        if refreshing { return super.remove(object) }
        let current = members
        guard let object = object as? NSManagedObject, current.contains(where: { $0 === object }) else { return }
        write(current.filter { $0 !== object })
    }

    override func removeObject(at idx: Int) {
        if refreshing { return super.removeObject(at: idx) }
        var objects = members
        guard objects.indices.contains(idx) else { return }
        objects.remove(at: idx)
        write(objects)
    }

    override func replaceObject(at idx: Int, with obj: Any) {
        if refreshing { return super.replaceObject(at: idx, with: obj) }
        var objects: [Any] = members
        guard objects.indices.contains(idx) else { return }
        objects[idx] = obj
        write(objects)
    }

    override func moveObjects(at indexes: IndexSet, to idx: Int) {
        if refreshing { return super.moveObjects(at: indexes, to: idx) }
        var objects = members
        let moving = indexes.filter { objects.indices.contains($0) }.map { objects[$0] }
        for index in indexes.sorted(by: >) where objects.indices.contains(index) { objects.remove(at: index) }
        objects.insert(contentsOf: moving, at: Swift.min(Swift.max(idx, 0), objects.count))
        write(objects)
    }

    override func removeAllObjects() {
        if refreshing { return super.removeAllObjects() }
        write([])
    }
}
