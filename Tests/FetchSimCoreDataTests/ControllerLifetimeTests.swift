import FetchSimCoreData
import Foundation
import Testing

/// The delegate's face of a controller (`NSFetchedResultsController<NSFetchRequestResult>`) and the
/// bridge reach the controller without keeping it alive: an app may keep the face its delegate
/// received after dropping its own controller, which then is gone, as on Apple's platforms
/// where the two faces are one object.
@Suite struct ControllerLifetimeTests {
    @Test func aFaceKeptByTheDelegateOutlivesItsController() throws {
        let context = try NotesModel.container().viewContext
        let delegate = TemplateDelegate()
        var controller: NSFetchedResultsController<Note>? = FetchedResultsControllerTests.controller(context)
        controller?.delegate = delegate
        try controller?.performFetch()
        _ = FetchedResultsControllerTests.note(context, "Milk", 1)
        context.processPendingChanges()
        let face = try #require(delegate.controllers.first)
        #expect(face === (try #require(controller)))
        #expect(face.fetchedObjects?.count == 1)
        #expect(face.sections?.first?.numberOfObjects == 1)

        controller = nil
        #expect(face.fetchedObjects == nil)
        #expect(face.sections == nil)
        _ = FetchedResultsControllerTests.note(context, "Tea", 2)
        context.processPendingChanges()
        #expect(delegate.log == ["will", "insert Milk [0, 0]", "did"])
    }
}
