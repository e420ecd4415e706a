import Adapters
import Testing

/// The examples in Adapters' doc comments, as written there, on the list they assume: four notes
/// Milk, Eggs, Bread, Coffee (#1–#4, `order` 0–3) in the section "Groceries", fetched sorted by
/// group and order. Expectations are worked out by hand from the semantics the doc comments cite:
/// dense renumbering (docs/reorder.md), Apple's lowering of a drag's renumbering to one move and
/// updates since iOS 10 (docs/semantics.md, rule 19), the check's wording (a cell shows every
/// attribute's value in entity order).
@Suite struct AdaptersDocumentationExampleTests {
    /// The list of the examples, before any adapter is attached.
    final class Notes {
        let context: ObjectContext
        let controller: FetchedResultsController
        let dataSource: ListDataSource
        let table: SimulatedTableView

        init(viewport: Viewport = Viewport(height: 20)) throws {
            context = try ObjectContext()
            try context.define(
                Entity(
                    name: "Note",
                    attributes: [Attribute("title", .string), Attribute("group", .string), Attribute("order", .int)]))
            for (order, title) in ["Milk", "Eggs", "Bread", "Coffee"].enumerated() {
                try context.insert(
                    "Note",
                    values: [("title", .string(title)), ("group", .string("Groceries")), ("order", .int(order))])
            }
            try context.processPendingChanges()
            let request = FetchRequest(
                entityName: "Note", sortDescriptors: [SortDescriptor(key: "group"), SortDescriptor(key: "order")],
                sectionNameKeyPath: "group")
            controller = try FetchedResultsController(fetchRequest: request, context: context)
            try controller.performFetch()
            dataSource = try ListDataSource(controller: controller, indexKey: "order")
            table = SimulatedTableView(dataSource: dataSource, viewport: viewport)
            table.reloadData()
        }

        func note(_ title: String) throws -> ManagedObject {
            try #require(context.objects(ofEntity: "Note").first { $0["title"] == .string(title) })
        }

        /// What the table shows, by title.
        var titles: [String] {
            table.rowIdentifiersBySection.flatMap { $0 }.map {
                context.object(with: ObjectID($0))?["title"].description ?? "?"
            }
        }
    }

    @Test func tableAdapter() throws {
        let notes = try Notes()
        let (context, table, dataSource) = (notes.context, notes.table, notes.dataSource)
        // The controller's delegate from here on.
        let adapter = TableAdapter.make(.coordinator, table: table, dataSource: dataSource)
        try table.userMoveRow(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 1, section: 0))
        try context.processPendingChanges()  // the write-back: Coffee's move, Eggs and Bread updated
        #expect(adapter.lastEvent.entries.filter { $0.action == .skipped }.count == 1)
        // Coffee is the move the table already shows; Eggs and Bread are reconfigured where they are.
        let skipped = adapter.lastEvent.entries.filter { $0.action == .skipped }.map(\.callback.description)
        #expect(skipped == ["didChange object #4 move [0, 3] → [0, 1]"])
        table.layoutIfNeeded()
        #expect(notes.titles == ["Milk", "Coffee", "Eggs", "Bread"])
        #expect(ConsistencyCheck(table: table, dataSource: dataSource).run() == [])
    }

    @Test func listDataSource() throws {
        let notes = try Notes()
        let controller = notes.controller
        let coffee = try notes.note("Coffee")
        let dataSource = try ListDataSource(controller: controller, indexKey: "order")  // sorted by group, order
        let table = SimulatedTableView(dataSource: dataSource)
        table.reloadData()  // the controller's 4 notes, Milk, Eggs, Bread, Coffee
        #expect(table.numberOfRows(inSection: 0) == 4)
        #expect(table.headerTitle(forSection: 0) == "Groceries")
        try table.userMoveRow(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 1, section: 0))
        #expect(coffee["order"] == .int(1))  // the drop renumbered the section (dense); Eggs 2, Bread 3
        #expect(try notes.note("Eggs")["order"] == .int(2))
        #expect(try notes.note("Bread")["order"] == .int(3))
        #expect(try notes.note("Milk")["order"] == .int(0))
    }

    /// The delegate of `UserDrivenChangeTracking`'s example, with the parts it leaves out (`…`)
    /// written as the simplest app would: one table call per change.
    final class NotesDelegate: FetchedResultsControllerDelegate, UserDrivenChangeTracking {
        let table: SimulatedTableView
        var userDrag: UserDrag?  // set by the data source before it writes the user's drag
        /// What each object callback found the flag to be.
        var sawDrag: [UserDrag?] = []

        init(table: SimulatedTableView) { self.table = table }

        func controllerWillChangeContent(_ controller: FetchedResultsController) { table.beginUpdates() }

        func controller(
            _ controller: FetchedResultsController, didChange section: SectionInfo, atSectionIndex sectionIndex: Int,
            for type: ChangeType
        ) {}

        func controller(
            _ controller: FetchedResultsController, didChange object: ManagedObject,
            at indexPath: IndexPath?, for type: ChangeType, newIndexPath: IndexPath?
        ) {
            sawDrag.append(userDrag)
            if let drag = userDrag, drag.wrote(object.objectID), let indexPath {
                // The table already shows the row where the user dropped it: refresh its cell there.
                try? table.reloadRows(at: [drag.tablePath(forOldPath: indexPath)])
                return
            }
            if type == .insert, let newIndexPath { try? table.insertRows(at: [newIndexPath]) }
        }

        func controllerDidChangeContent(_ controller: FetchedResultsController) {
            try? table.endUpdates()
            userDrag = nil
        }
    }

    @Test func userDrivenChangeTracking() throws {
        let notes = try Notes()
        let delegate = NotesDelegate(table: notes.table)
        notes.controller.delegate = delegate
        notes.dataSource.flagHolder = delegate
        try notes.table.userMoveRow(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 1, section: 0))
        // The data source set the flag before its writes: the drop, and the three notes it wrote.
        #expect(delegate.userDrag?.drops.map(\.from) == [IndexPath(row: 3, section: 0)])
        #expect(delegate.userDrag?.objects == [ObjectID(2), ObjectID(3), ObjectID(4)])
        try notes.context.processPendingChanges()
        notes.table.layoutIfNeeded()
        // Every callback of the event (Coffee's move, Eggs' and Bread's updates) saw the flag;
        // didChangeContent cleared it. The three rows were reloaded where the table shows them:
        // 0.3 → 0.1, and 0.1 and 0.2 pushed down by the drop to 0.2 and 0.3.
        #expect(delegate.sawDrag.count == 3 && delegate.sawDrag.allSatisfy { $0 != nil })
        #expect(delegate.userDrag == nil)
        #expect(
            notes.table.lastBatch.map(\.description).sorted() == [
                "reloadRows [0.1]", "reloadRows [0.2]", "reloadRows [0.3]",
            ])
        #expect(ConsistencyCheck(table: notes.table, dataSource: notes.dataSource).run() == [])
    }

    @Test func userDrag() {
        var drag = UserDrag()
        drag.add(
            from: IndexPath(row: 3, section: 0), to: IndexPath(row: 0, section: 0), wrote: [ObjectID(4), ObjectID(1)])
        // Row 0 before the drop is pushed down by the row dropped above it.
        #expect(drag.tablePath(forOldPath: IndexPath(row: 0, section: 0)) == IndexPath(row: 1, section: 0))
        // The dropped row itself is where it was dropped; a row below the source stays.
        #expect(drag.tablePath(forOldPath: IndexPath(row: 3, section: 0)) == IndexPath(row: 0, section: 0))
        #expect(drag.wrote(ObjectID(1)) && !drag.wrote(ObjectID(2)))
    }

    @Test func userDragDrop() {
        var drag = UserDrag()
        drag.add(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 0, section: 0), wrote: [ObjectID(4)])
        #expect(drag.drops.map(\.to) == [IndexPath(row: 0, section: 0)])
        #expect(drag.drops.map(\.to).description == "[[0, 0]]")
    }

    @Test func callbackAction() throws {
        let notes = try Notes()
        let (context, table, dataSource) = (notes.context, notes.table, notes.dataSource)
        let adapter = TableAdapter.make(.reloadAll, table: table, dataSource: dataSource)
        try context.insert(
            "Note", values: [("title", .string("Tea")), ("group", .string("Groceries")), ("order", .int(4))])
        try context.processPendingChanges()
        #expect(adapter.lastEvent.entries.map(\.action) == [.applied, .deferred, .applied])
        #expect(adapter.lastEvent.tableOperations.map(\.description) == ["reloadData"])
    }

    @Test func callbackAndAdapterEvent() throws {
        let notes = try Notes()
        let adapter = TableAdapter.make(.coordinator, table: notes.table, dataSource: notes.dataSource)
        try notes.context.insert(
            "Note", values: [("title", .string("Tea")), ("group", .string("Groceries")), ("order", .int(4))])
        try notes.context.processPendingChanges()
        // The fifth note, #5, lands after Coffee: row 4 of section 0.
        #expect(
            adapter.lastEvent.entries.map(\.callback.description) == [
                "willChangeContent", "didChange object #5 insert → [0, 4]", "didChangeContent",
            ])
        #expect(adapter.lastEvent.tableOperations.map(\.description) == ["insertRows [0.4]"])
        #expect(adapter.lastEvent.tableError == nil)  // UIKit accepted the batch
    }

    @Test func consistencyCheckAndProblem() throws {
        let notes = try Notes()
        let (context, table, dataSource) = (notes.context, notes.table, notes.dataSource)
        let check = ConsistencyCheck(table: table, dataSource: dataSource)
        #expect(check.run() == [])  // nothing when table and controller agree
        let milk = try notes.note("Milk")
        try context.setValue(.string("Oat milk"), forKey: "title", of: milk.objectID)  // the table is not told
        let problem = ConsistencyCheck(table: table, dataSource: dataSource).run().first
        #expect(problem?.kind == .staleCell)
        #expect(
            problem?.description
                == #"row 0.0 shows a stale cell for #1: "Milk | Groceries | 0" but it should show "Oat milk | Groceries | 0""#
        )
        #expect(check.run().map(\.kind) == [.staleCell])
        #expect(ConsistencyProblem.Kind.staleCell.rawValue == "stale cell")
    }

    @Test func consistencyCheckScope() throws {
        let notes = try Notes()
        let (table, dataSource) = (notes.table, notes.dataSource)
        try notes.context.setValue(.string("Oat milk"), forKey: "title", of: try notes.note("Milk").objectID)
        // Milk's row is on screen: both scopes read its cell.
        let check = ConsistencyCheck(table: table, dataSource: dataSource, scope: .incremental)
        #expect(check.run().map(\.kind) == [.staleCell])
        #expect(check.run(scope: .full).map(\.kind) == [.staleCell])
    }

    /// The delegate of the article "Reproducing a user-driven reorder bug from code", as written there.
    final class TemplateDelegate: FetchedResultsControllerDelegate {
        let table: SimulatedTableView
        init(table: SimulatedTableView) { self.table = table }

        func controllerWillChangeContent(_ controller: FetchedResultsController) { table.beginUpdates() }
        func controller(
            _ controller: FetchedResultsController, didChange section: SectionInfo,
            atSectionIndex sectionIndex: Int, for type: ChangeType
        ) {
            if type == .insert {
                try? table.insertSections([sectionIndex])
            } else {
                try? table.deleteSections([sectionIndex])
            }
        }
        func controller(
            _ controller: FetchedResultsController, didChange object: ManagedObject,
            at indexPath: IndexPath?, for type: ChangeType, newIndexPath: IndexPath?
        ) {
            switch (type, indexPath, newIndexPath) {
            case (.insert, _, let new?): try? table.insertRows(at: [new])
            case (.delete, let old?, _): try? table.deleteRows(at: [old])
            case (.move, let old?, let new?): try? table.moveRow(at: old, to: new)
            case (.update, let old?, _): try? table.reloadRows(at: [old])
            default: break
            }
        }
        func controllerDidChangeContent(_ controller: FetchedResultsController) { try? table.endUpdates() }
    }

    @Test func reproducingAReorderBugArticle() throws {
        let notes = try Notes()
        let (context, table, dataSource) = (notes.context, notes.table, notes.dataSource)
        let delegate = TemplateDelegate(table: table)
        notes.controller.delegate = delegate
        try table.userMoveRow(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 1, section: 0))
        try context.processPendingChanges()
        table.layoutIfNeeded()
        // The batch — move 0.3 → 0.1, reload 0.1 and 0.2 — puts an insert (a reload's second half)
        // and a move at 0.1: UIKit refuses it, and the table keeps the drag's rows with the cells
        // the drag moved, which show each note's order from before the write.
        #expect(table.isOutOfStep)
        #expect(notes.titles == ["Milk", "Coffee", "Eggs", "Bread"])
        let lines = ConsistencyCheck(table: table, dataSource: dataSource).run().map { "\($0.kind.rawValue) — \($0)" }
        #expect(
            lines == [
                #"stale cell — row 0.1 shows a stale cell for #4: "Coffee | Groceries | 3" but it should show "Coffee | Groceries | 1""#,
                #"stale cell — row 0.2 shows a stale cell for #2: "Eggs | Groceries | 1" but it should show "Eggs | Groceries | 2""#,
                #"stale cell — row 0.3 shows a stale cell for #3: "Bread | Groceries | 2" but it should show "Bread | Groceries | 3""#,
            ])

        // The fix: the coordinator on a fresh list.
        let fresh = try Notes()
        // The controller holds its delegate weakly, as Apple's does: the adapter is kept here.
        let adapter = TableAdapter.make(.coordinator, table: fresh.table, dataSource: fresh.dataSource)
        try fresh.table.userMoveRow(from: IndexPath(row: 3, section: 0), to: IndexPath(row: 1, section: 0))
        try fresh.context.processPendingChanges()
        fresh.table.layoutIfNeeded()
        #expect(ConsistencyCheck(table: fresh.table, dataSource: fresh.dataSource).run() == [])
        #expect(adapter.lastEvent.entries.count == 5)  // willChange, one move, two updates, didChange
    }

    @Test func adapterError() throws {
        let notes = try Notes()
        // "title" is a string attribute, so its type is accepted; but the list's first two sort keys
        // are group, order, not the section key then the index key.
        #expect(
            throws: AdapterError.indexNotSorted("title", expected: ["group", "title"], actual: ["group", "order"])
        ) {
            _ = try ListDataSource(controller: notes.controller, indexKey: "title")
        }
        #expect(
            AdapterError.indexNotSorted("title", expected: ["group", "title"], actual: ["group", "order"]).description
                == "index attribute 'title' must be what the list is sorted by: sort by 'group, title' "
                + "(then any tie-breakers), not 'group, order'")
    }

    @Test func appCrash() throws {
        // Two rows on screen: Coffee's row, 0.3, has no cell for the template to unwrap.
        let notes = try Notes(viewport: Viewport(height: 2))
        let adapter = TableAdapter.make(.xcodeTemplate, table: notes.table, dataSource: notes.dataSource)
        try notes.context.setValue(.string("Decaf"), forKey: "title", of: try notes.note("Coffee").objectID)
        try notes.context.processPendingChanges()
        let crash = try #require(adapter.lastEvent.appCrash)
        // Swift 5's wording (the default profile is `modern`), in the method the template force-unwraps in.
        #expect(crash.message == "Fatal error: Unexpectedly found nil while unwrapping an Optional value")
        #expect(crash.method == "controller(_:didChange:at:for:newIndexPath:)")
        #expect(
            crash.description.hasPrefix("Fatal error: Unexpectedly found nil while unwrapping an Optional value (in "))
    }
}
