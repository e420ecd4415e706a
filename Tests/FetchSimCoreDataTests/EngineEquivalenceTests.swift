import FetchSimCore
import FetchSimCoreData
import FetchedResults
import Foundation
import ObjectGraph
import Testing

/// The engine's own delegate, logging in the words `AppleLogDelegate` uses.
private final class EngineLogDelegate: FetchedResultsControllerDelegate {
    var log: [String] = []
    func controllerWillChangeContent(_ controller: FetchedResultsController) { log.append("will") }
    func controller(
        _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
        for type: ChangeType
    ) {
        log.append("section \(type) \(sectionIndex) '\(section.name)'")
    }
    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: ChangeType,
        newIndexPath: IndexPath?
    ) {
        log.append(
            "\(type) \(object["title"].stringValue ?? "?") \(indexPath.map { "\($0)" } ?? "nil") \(newIndexPath.map { "\($0)" } ?? "nil")"
        )
    }
    func controllerDidChangeContent(_ controller: FetchedResultsController) { log.append("did") }
}

/// An app's delegate, logging what the engine's delegate logs.
private final class AppleLogDelegate: NSFetchedResultsControllerDelegate {
    var log: [String] = []
    func controllerWillChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        log.append("will")
    }
    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>,
        didChange sectionInfo: NSFetchedResultsSectionInfo,
        atSectionIndex sectionIndex: Int, for type: NSFetchedResultsChangeType
    ) {
        log.append("section \(Self.word(type)) \(sectionIndex) '\(sectionInfo.name)'")
    }
    func controller(
        _ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
        at indexPath: IndexPath?,
        for type: NSFetchedResultsChangeType, newIndexPath: IndexPath?
    ) {
        log.append(
            "\(Self.word(type)) \((anObject as? Note)?.title ?? "?") \(indexPath.map { "\($0)" } ?? "nil") \(newIndexPath.map { "\($0)" } ?? "nil")"
        )
    }
    func controllerDidChangeContent(_ controller: NSFetchedResultsController<NSFetchRequestResult>) {
        log.append("did")
    }

    static func word(_ type: NSFetchedResultsChangeType) -> String {
        switch type {
        case .insert: "insert"
        case .delete: "delete"
        case .move: "move"
        case .update: "update"
        @unknown default: "unknown"
        }
    }
}

/// The same edits through the Apple-shaped API and through FetchSim's own API give the same
/// callbacks, in the same order, with the same index paths.
@Suite struct EngineEquivalenceTests {
    @Test(arguments: [false, true])
    func randomEditsGiveTheSameCallbacks(sectioned: Bool) throws {
        // FetchSim's own API.
        let engineContext = try ObjectContext()
        try engineContext.define(
            Entity(
                name: "Note",
                attributes: [
                    Attribute("title", .string, isOptional: true),
                    Attribute("group", .string, isOptional: true),
                    Attribute("order", .int, isOptional: false, defaultValue: .int(0)),
                ]))
        let sorts =
            (sectioned ? [FetchedResults.SortDescriptor(key: "group")] : []) + [
                FetchedResults.SortDescriptor(key: "order")
            ]
        let engineController = try FetchedResultsController(
            fetchRequest: FetchRequest(
                entityName: "Note", sortDescriptors: sorts, sectionNameKeyPath: sectioned ? "group" : nil),
            context: engineContext)
        let engineDelegate = EngineLogDelegate()
        engineController.delegate = engineDelegate
        try engineController.performFetch()

        // Apple's names.
        let context = try NotesModel.container().viewContext
        let request: NSFetchRequest<Note> = Note.fetchRequest()
        request.sortDescriptors =
            (sectioned ? [NSSortDescriptor(key: "group", ascending: true)] : []) + [
                NSSortDescriptor(key: "order", ascending: true)
            ]
        let controller = NSFetchedResultsController(
            fetchRequest: request, managedObjectContext: context,
            sectionNameKeyPath: sectioned ? "group" : nil, cacheName: nil)
        let appleDelegate = AppleLogDelegate()
        controller.delegate = appleDelegate
        try controller.performFetch()

        var random = SeededGenerator(seed: sectioned ? 31 : 13)
        var notes: [(engine: ObjectID, apple: Note)] = []
        var counter = 0
        let groups = ["Groceries", "Home", "Work"]
        for _ in 0..<150 {
            for _ in 0..<Int.random(in: 1...4, using: &random) {
                let choice = notes.isEmpty ? 0 : Int.random(in: 0..<5, using: &random)
                let order = Int.random(in: 0..<8, using: &random)
                let group = groups[Int.random(in: 0..<groups.count, using: &random)]
                switch choice {
                case 0:
                    counter += 1
                    let title = "n\(counter)"
                    let engineObject = try engineContext.insert(
                        "Note", values: [("title", .string(title)), ("group", .string(group)), ("order", .int(order))])
                    let note = Note(context: context)
                    note.title = title
                    note.group = group
                    note.order = Int64(order)
                    notes.append((engineObject.objectID, note))
                case 1:
                    let index = Int.random(in: 0..<notes.count, using: &random)
                    try engineContext.setValue(.int(order), forKey: "order", of: notes[index].engine)
                    notes[index].apple.order = Int64(order)
                case 2:
                    let index = Int.random(in: 0..<notes.count, using: &random)
                    try engineContext.setValue(.string(group), forKey: "group", of: notes[index].engine)
                    notes[index].apple.group = group
                case 3:
                    let index = Int.random(in: 0..<notes.count, using: &random)
                    let title = (notes[index].apple.title ?? "") + "'"
                    try engineContext.setValue(.string(title), forKey: "title", of: notes[index].engine)
                    notes[index].apple.title = title
                default:
                    let index = Int.random(in: 0..<notes.count, using: &random)
                    try engineContext.delete(notes[index].engine)
                    context.delete(notes[index].apple)
                    notes.remove(at: index)
                }
            }
            try engineContext.processPendingChanges()
            context.processPendingChanges()
        }
        #expect(engineDelegate.log.count > 600)
        #expect(appleDelegate.log == engineDelegate.log)
        #expect(
            controller.fetchedObjects?.map(\.title) == engineController.fetchedObjects?.map { $0["title"].stringValue })
    }
}
