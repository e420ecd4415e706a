import Foundation

#if canImport(CoreData)
import CoreData
#else
import FetchSimCoreData
#endif

/// The app's Core Data stack on the Xcode model shipped beside this package
/// (`Notes.xcdatamodeld`), in memory, with notes in groups.
public enum NotesStore {
    /// The model file, found from this source file's place in the package.
    public static var modelURL: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
            .appendingPathComponent("Notes.xcdatamodeld")
    }

    public static func container(groups: [(String, [String])]) throws -> NSPersistentContainer {
        let model = try NSManagedObjectModel.load(contentsOf: modelURL)
        // The model names its class `Note`; on Linux classes are found by their module-qualified name.
        model.entitiesByName["Note"]?.managedObjectClassName = NSStringFromClass(Note.self)
        let container = NSPersistentContainer(name: "Notes", managedObjectModel: model)
        var failure: (any Error)?
        container.loadPersistentStores { _, error in failure = error }
        if let failure { throw failure }
        for (group, titles) in groups {
            for (index, title) in titles.enumerated() {
                let note = Note(context: container.viewContext)
                note.title = title
                note.group = group
                note.order = Int64(index)
            }
        }
        try container.viewContext.save()
        return container
    }
}
