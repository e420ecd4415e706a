import Foundation
import Synchronization

/// Finds the `NSManagedObject` subclass an entity's `managedObjectClassName` names.
///
/// `NSClassFromString` finds a class by its full name (`MyApp.Note`, what `NSStringFromClass`
/// gives on Linux). A model read from an Xcode file names the class without its module (`Note`,
/// which on Apple's platforms `@objc(Note)` makes valid); such a name is matched against the
/// subclasses seen so far — each subclass is seen when an instance of it is inserted into a
/// context (`Note(context:)`, `insert(_:)`) or its class methods (`entity()`, `fetchRequest()`)
/// are called.
enum ManagedObjectClasses {
    private static let seen = Mutex<[String: ClassBox]>([:])
    /// The classes already recorded, so that seeing one again costs a set lookup.
    private static let seenTypes = Mutex<Set<ObjectIdentifier>>([])
    /// Names `NSClassFromString` found no subclass for (a model's entity whose class the app
    /// never declared): asking again would search the runtime's type metadata on every
    /// `Note(context:)`, which looks its entity up among all of the model's.
    private static let notFound = Mutex<Set<String>>([])

    /// The class with the box's type: metatypes are not `Sendable` values for the mutex.
    private struct ClassBox: @unchecked Sendable {
        // `@unchecked`: a metatype is immutable.
        let type: NSManagedObject.Type
    }

    /// Records `type` under its full name and its name without the module.
    static func see(_ type: NSManagedObject.Type) {
        guard type != NSManagedObject.self, seenTypes.withLock({ $0.insert(ObjectIdentifier(type)).inserted }) else {
            return
        }
        let full = NSStringFromClass(type)
        let short = full.split(separator: ".").last.map(String.init) ?? full
        seen.withLock { table in
            guard table[full] == nil else { return }
            table[full] = ClassBox(type: type)
            table[short] = ClassBox(type: type)
        }
    }

    /// The subclass `name` names, or nil for `NSManagedObject`, an empty name or a class not found.
    static func `class`(named name: String) -> NSManagedObject.Type? {
        guard !name.isEmpty, name != "NSManagedObject" else { return nil }
        if let found = seen.withLock({ $0[name]?.type }) { return found }
        if notFound.withLock({ $0.contains(name) }) { return nil }
        guard let type = NSClassFromString(name) as? NSManagedObject.Type else {
            notFound.withLock { _ = $0.insert(name) }
            return nil
        }
        see(type)
        return type
    }
}
