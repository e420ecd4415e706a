#if canImport(CoreData)
import CoreData
#else
import FetchSimCoreData
#endif

/// The entity's class as Xcode generates it, with the two edits Swift on Linux forces:
/// `@objc(Note)` gone, `@NSManaged` become `@Managed`.
public final class Note: NSManagedObject {
    @nonobjc public class func fetchRequest() -> NSFetchRequest<Note> {
        NSFetchRequest<Note>(entityName: "Note")
    }

    @Managed public var title: String?
    @Managed public var group: String?
    @Managed public var order: Int64
}
