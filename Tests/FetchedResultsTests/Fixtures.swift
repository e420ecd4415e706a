import FetchSimCore
import ObjectGraph
import Testing

@testable import FetchedResults

/// A context with `Note(title: string, group: string?, order: int, archived: bool, score: int)`.
func makeContext() throws -> ObjectContext {
    let context = try ObjectContext()
    try context.define(
        Entity(
            name: "Note",
            attributes: [
                Attribute("title", .string), Attribute("group", .string, isOptional: true), Attribute("order", .int),
                Attribute("archived", .bool), Attribute("score", .int),
            ]))
    return context
}

@discardableResult
func insertNote(_ context: ObjectContext, _ title: String, group: String? = nil, order: Int = 0, archived: Bool = false)
    throws -> ManagedObject
{
    try context.insert(
        "Note",
        values: [
            ("title", .string(title)), ("group", group.map(Value.string) ?? .null), ("order", .int(order)),
            ("archived", .bool(archived)),
        ])
}

func set(_ context: ObjectContext, _ object: ManagedObject, _ key: String, _ value: Value) throws {
    try context.setValue(value, forKey: key, of: object.objectID)
}

/// Records every delegate callback as a line, in Apple's vocabulary, plus what the controller
/// exposed while the callbacks ran.
class RecordingDelegate: FetchedResultsControllerDelegate {
    var lines: [String] = []
    var callbacks: [Callback] = []
    var onObjectChange: ((FetchedResultsController, ObjectChange) -> Void)?
    var snapshots: [ResultsSnapshot] = []
    var differences: [CollectionDifference<ObjectID>] = []
    /// Keeps the controller alive for tests that only hold the delegate (the controller holds it weakly).
    var controller: FetchedResultsController?

    enum Callback {
        case section(SectionChange)
        case object(type: ChangeType, id: ObjectID, old: IndexPath?, new: IndexPath?)
    }

    func controllerWillChangeContent(_ controller: FetchedResultsController) {
        lines.append("willChange")
    }

    func controller(
        _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
        for type: ChangeType
    ) {
        lines.append("section \(type) \(sectionIndex) \"\(section.name)\"")
        callbacks.append(.section(SectionChange(type: type, index: sectionIndex, name: section.name)))
    }

    func controller(
        _ controller: FetchedResultsController, didChange object: ManagedObject, at indexPath: IndexPath?,
        for type: ChangeType, newIndexPath: IndexPath?
    ) {
        let old = indexPath?.shortDescription ?? "nil"
        let new = newIndexPath?.shortDescription ?? "nil"
        lines.append("object \(object.objectID) \(type) \(old) \(new)")
        callbacks.append(.object(type: type, id: object.objectID, old: indexPath, new: newIndexPath))
        onObjectChange?(
            controller, ObjectChange(type: type, object: object, indexPath: indexPath, newIndexPath: newIndexPath))
    }

    func controllerDidChangeContent(_ controller: FetchedResultsController) {
        lines.append("didChange")
    }

    /// Returns the lines recorded since the last call and forgets them.
    func take() -> [String] {
        defer {
            lines = []
            callbacks = []
        }
        return lines
    }
}

/// A recording delegate that asks for snapshots instead of the per-change callbacks.
final class SnapshotRecordingDelegate: RecordingDelegate, FetchedResultsSnapshotDelegate {
    func controller(_ controller: FetchedResultsController, didChangeContentWith snapshot: ResultsSnapshot) {
        lines.append("snapshot")
        snapshots.append(snapshot)
    }
}

/// A recording delegate that asks for differences (used without a section key path).
final class DifferenceRecordingDelegate: RecordingDelegate, FetchedResultsDifferenceDelegate {
    func controller(
        _ controller: FetchedResultsController, didChangeContentWith difference: CollectionDifference<ObjectID>
    ) {
        lines.append("difference")
        differences.append(difference)
    }
}

/// A recording delegate that names section index titles itself: the section name in lower case.
final class IndexTitleRecordingDelegate: RecordingDelegate, FetchedResultsSectionIndexTitleDelegate {
    func controller(_ controller: FetchedResultsController, sectionIndexTitleForSectionName sectionName: String)
        -> String?
    {
        sectionName.isEmpty ? nil : sectionName.lowercased()
    }
}

/// A controller with a recording delegate, already fetched.
func makeController(
    _ context: ObjectContext,
    predicate: String? = nil,
    sort: [SortDescriptor] = [SortDescriptor(key: "group"), SortDescriptor(key: "order")],
    section: String? = "group",
    limit: Int = 0,
    offset: Int = 0,
    profile: CompatibilityProfile = .modern,
    delegate: RecordingDelegate = RecordingDelegate()
) throws -> (FetchedResultsController, RecordingDelegate) {
    let request = FetchRequest(
        entityName: "Note", predicate: try predicate.map { try Predicate(format: $0) }, sortDescriptors: sort,
        sectionNameKeyPath: section, fetchLimit: limit, fetchOffset: offset
    )
    let controller = try FetchedResultsController(fetchRequest: request, context: context, profile: profile)
    controller.delegate = delegate
    delegate.controller = controller
    try controller.performFetch()
    return (controller, delegate)
}

/// Section names and object IDs as the controller exposes them.
func layout(of controller: FetchedResultsController) -> [Layout.Section] {
    (0..<controller.numberOfSections).map { s in
        Layout.Section(
            name: controller.sectionName(at: s) ?? "?",
            ids: (0..<controller.numberOfObjects(inSection: s)).compactMap {
                controller.object(at: IndexPath(row: $0, section: s))?.objectID
            })
    }
}

/// `A:#1,#2 | B:#3`.
func describe(_ sections: [Layout.Section]) -> String {
    sections.map { "\($0.name):" + $0.ids.map(\.description).joined(separator: ",") }.joined(separator: " | ")
}

enum Layout {
    struct Section: Equatable, CustomStringConvertible {
        var name: String
        var ids: [ObjectID]
        var description: String { "\(name):\(ids)" }
    }
}
