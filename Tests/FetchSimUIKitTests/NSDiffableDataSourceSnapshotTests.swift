import FetchSimUIKit
import Testing

// Expectations written by hand from Apple's documentation of NSDiffableDataSourceSnapshot and the
// exception texts UIKit raises (docs/apple-api.md).
@Suite struct NSDiffableDataSourceSnapshotTests {
    typealias Snapshot = NSDiffableDataSourceSnapshot<String, Int>

    private func fruitAndVeg() -> Snapshot {
        var snapshot = Snapshot()
        snapshot.appendSections(["Fruit", "Veg"])
        snapshot.appendItems([1, 2, 3], toSection: "Fruit")
        snapshot.appendItems([10, 20])  // the last section
        return snapshot
    }

    private func reasons(_ snapshot: Snapshot) -> [String] {
        snapshot.raisedExceptions.take().map { "\($0.name.rawValue): \($0.reason ?? "")" }
    }

    @Test func readingAnswersAsUIKit() {
        let snapshot = fruitAndVeg()
        #expect(snapshot.numberOfSections == 2)
        #expect(snapshot.numberOfItems == 5)
        #expect(snapshot.sectionIdentifiers == ["Fruit", "Veg"])
        #expect(snapshot.itemIdentifiers == [1, 2, 3, 10, 20])
        #expect(snapshot.itemIdentifiers(inSection: "Veg") == [10, 20])
        #expect(snapshot.numberOfItems(inSection: "Fruit") == 3)
        #expect(snapshot.sectionIdentifier(containingItem: 20) == "Veg")
        #expect(snapshot.sectionIdentifier(containingItem: 99) == nil)
        #expect(snapshot.indexOfItem(10) == 3)  // counted across sections
        #expect(snapshot.indexOfItem(99) == nil)
        #expect(snapshot.indexOfSection("Veg") == 1)
        #expect(reasons(snapshot).isEmpty)
    }

    @Test func insertsAndMovesItemsBesideOthers() {
        var snapshot = fruitAndVeg()
        snapshot.insertItems([4, 5], beforeItem: 2)
        #expect(snapshot.itemIdentifiers(inSection: "Fruit") == [1, 4, 5, 2, 3])
        snapshot.insertItems([30], afterItem: 20)
        #expect(snapshot.itemIdentifiers(inSection: "Veg") == [10, 20, 30])
        snapshot.moveItem(1, afterItem: 10)  // across sections
        #expect(snapshot.itemIdentifiers(inSection: "Fruit") == [4, 5, 2, 3])
        #expect(snapshot.itemIdentifiers(inSection: "Veg") == [10, 1, 20, 30])
        snapshot.moveItem(3, beforeItem: 4)
        #expect(snapshot.itemIdentifiers(inSection: "Fruit") == [3, 4, 5, 2])
        #expect(snapshot.sectionIdentifier(containingItem: 1) == "Veg")
        #expect(reasons(snapshot).isEmpty)
    }

    @Test func appendingAnItemAlreadyThereMovesIt() {
        var snapshot = fruitAndVeg()
        snapshot.appendItems([1], toSection: "Veg")
        #expect(snapshot.itemIdentifiers(inSection: "Fruit") == [2, 3])
        #expect(snapshot.itemIdentifiers(inSection: "Veg") == [10, 20, 1])
        #expect(snapshot.numberOfItems == 5)
        #expect(reasons(snapshot).isEmpty)
    }

    @Test func deletesIgnoreUnknownIdentifiersAndSectionsTakeTheirItems() {
        var snapshot = fruitAndVeg()
        snapshot.deleteItems([2, 99])
        #expect(snapshot.itemIdentifiers == [1, 3, 10, 20])
        snapshot.deleteSections(["Fruit", "Nope"])
        #expect(snapshot.sectionIdentifiers == ["Veg"])
        #expect(snapshot.itemIdentifiers == [10, 20])
        #expect(snapshot.sectionIdentifier(containingItem: 1) == nil)
        snapshot.deleteAllItems()
        #expect(snapshot.numberOfSections == 0 && snapshot.numberOfItems == 0)
        #expect(reasons(snapshot).isEmpty)
    }

    @Test func sectionsInsertMoveAndKeepTheirItems() {
        var snapshot = fruitAndVeg()
        snapshot.insertSections(["Nuts"], beforeSection: "Veg")
        snapshot.insertSections(["Herbs"], afterSection: "Veg")
        #expect(snapshot.sectionIdentifiers == ["Fruit", "Nuts", "Veg", "Herbs"])
        snapshot.moveSection("Fruit", afterSection: "Herbs")
        #expect(snapshot.sectionIdentifiers == ["Nuts", "Veg", "Herbs", "Fruit"])
        snapshot.moveSection("Herbs", beforeSection: "Nuts")
        #expect(snapshot.sectionIdentifiers == ["Herbs", "Nuts", "Veg", "Fruit"])
        #expect(snapshot.itemIdentifiers == [10, 20, 1, 2, 3])
        #expect(snapshot.indexOfSection("Fruit") == 3)
        #expect(reasons(snapshot).isEmpty)
    }

    @Test func reloadMarksAreKeptInOrderAndLeaveEqualityAlone() {
        var snapshot = fruitAndVeg()
        let before = snapshot
        snapshot.reloadItems([3, 1])
        snapshot.reloadItems([1, 2])
        snapshot.reconfigureItems([20])
        snapshot.reloadSections(["Veg"])
        #expect(snapshot.reloadedItemIdentifiers == [3, 1, 2])
        #expect(snapshot.reconfiguredItemIdentifiers == [20])
        #expect(snapshot.reloadedSectionIdentifiers == ["Veg"])
        #expect(snapshot == before)
        snapshot.moveItem(1, afterItem: 3)
        #expect(snapshot != before)
    }

    // MARK: What UIKit raises (recorded, and the snapshot left as it was)

    @Test func itemsWithoutASectionRaise() {
        var snapshot = Snapshot()
        snapshot.appendItems([1])
        #expect(
            reasons(snapshot) == [
                "NSInternalInconsistencyException: There are currently no sections in the data source. Please add a section first."
            ])
        #expect(snapshot.numberOfItems == 0)
    }

    @Test func repeatedIdentifiersRaise() {
        var snapshot = fruitAndVeg()
        snapshot.appendItems([7, 8, 7, 8, 7])
        snapshot.appendSections(["A", "A"])
        #expect(
            reasons(snapshot) == [
                "NSInternalInconsistencyException: Fatal: supplied item identifiers are not unique. Duplicate identifiers: {(\n    7,\n    8\n)}",
                "NSInternalInconsistencyException: Fatal: supplied section identifiers are not unique. Duplicate identifiers: {(\n    A\n)}",
            ])
        #expect(snapshot == fruitAndVeg())
    }

    @Test func sectionsAlreadyThereRaise() {
        var snapshot = fruitAndVeg()
        snapshot.appendSections(["Veg"])
        snapshot.insertSections(["Fruit", "Veg", "New"], beforeSection: "Veg")
        #expect(
            reasons(snapshot) == [
                "NSInternalInconsistencyException: Diffable data source detected an attempt to insert or append 1 section identifier that already exists in the snapshot. Identifiers in a snapshot must be unique. Section identifier that already exists: Veg",
                "NSInternalInconsistencyException: Invalid update: destination for section operation [Veg] is in the inserted section list for update: <_UIDiffableDataSourceUpdate - action: INS; destinationIdentifier:Veg; destIsSection: 0; identifiers: [Fruit, Veg, New]>",
            ])
        snapshot.appendSections(["Fruit", "Veg", "New"])
        #expect(
            reasons(snapshot).last
                == "NSInternalInconsistencyException: Diffable data source detected an attempt to insert or append 2 section identifiers that already exist in the snapshot. Identifiers in a snapshot must be unique. Section identifiers that already exist: (\n    Fruit,\n    Veg\n)"
        )
        #expect(snapshot.sectionIdentifiers == ["Fruit", "Veg"])
    }

    @Test func unknownDestinationsRaiseUIKitsAssertions() {
        var snapshot = fruitAndVeg()
        snapshot.appendItems([7], toSection: "Nope")
        snapshot.insertItems([7], beforeItem: 99)
        snapshot.insertSections(["New"], afterSection: "Nope")
        snapshot.moveItem(99, beforeItem: 1)
        snapshot.moveItem(1, beforeItem: 99)
        snapshot.moveSection("Nope", beforeSection: "Veg")
        snapshot.moveSection("Veg", beforeSection: "Nope")
        #expect(
            reasons(snapshot)
                == [
                    "section != NSNotFound", "section != NSNotFound", "insertIndex != NSNotFound",
                    "fromIndex != NSNotFound", "toIndex != NSNotFound", "fromSection != NSNotFound",
                    "toSection != NSNotFound",
                ].map { "NSInternalInconsistencyException: Invalid parameter not satisfying: \($0)" })
        #expect(snapshot == fruitAndVeg())
    }

    @Test func aDestinationAmongTheInsertedItemsRaises() {
        var snapshot = fruitAndVeg()
        snapshot.insertItems([7, 2], afterItem: 2)
        #expect(
            reasons(snapshot) == [
                "NSInternalInconsistencyException: Invalid update: destination for insertion operation [2] is in the insertion identifier list for update: <_UIDiffableDataSourceUpdate - action: INS; destinationIdentifier:2; destIsSection: 0; identifiers: [7, 2]>."
            ])
        #expect(snapshot == fruitAndVeg())
    }

    @Test func reloadingWhatIsNotThereRaises() {
        var snapshot = fruitAndVeg()
        snapshot.reloadItems([1, 42])
        snapshot.reconfigureItems([43])
        snapshot.reloadSections(["Gone"])
        #expect(
            reasons(snapshot) == [
                "NSInternalInconsistencyException: Attempted to reload item identifier that does not exist in the snapshot: 42",
                "NSInternalInconsistencyException: Attempted to reconfigure item identifier that does not exist in the snapshot: 43",
                "NSInternalInconsistencyException: Attempted to reload section identifier that does not exist in the snapshot: Gone",
            ])
        #expect(snapshot.reloadedItemIdentifiers.isEmpty && snapshot.reconfiguredItemIdentifiers.isEmpty)
    }

    @Test func askingForAnUnknownSectionRaises() {
        let snapshot = fruitAndVeg()
        #expect(snapshot.itemIdentifiers(inSection: "Nope") == [])
        #expect(snapshot.numberOfItems(inSection: "Nope") == 0)
        let text =
            "NSInternalInconsistencyException: Section identifier was not found. You can verify the section exists by calling the indexOfSectionIdentifier API (which has O(1) performance)"
        #expect(reasons(snapshot) == [text, text])
    }

    // MARK: The untyped form the controller's snapshot delegate receives

    @Test func theReferenceRoundTripsToTheTypedSnapshot() {
        let reference = NSDiffableDataSourceSnapshotReference()
        reference.appendSections(withIdentifiers: ["A", "B"])
        reference.appendItems(withIdentifiers: [1, 2], intoSectionWithIdentifier: "A")
        reference.appendItems(withIdentifiers: [3])
        reference.reloadItems(withIdentifiers: [2])
        #expect(reference.numberOfItems == 3)
        #expect(reference.index(ofItemIdentifier: 3) == 2)
        #expect(reference.index(ofItemIdentifier: 9) == NSNotFound)
        #expect(reference.sectionIdentifierForSectionContainingItem(withIdentifier: 3) as? String == "B")

        let typed = NSDiffableDataSourceSnapshot<String, Int>(reference)
        #expect(typed.sectionIdentifiers == ["A", "B"])
        #expect(typed.itemIdentifiers(inSection: "A") == [1, 2])
        #expect(typed.itemIdentifiers(inSection: "B") == [3])
        #expect(typed.reloadedItemIdentifiers == [2])

        let back = NSDiffableDataSourceSnapshotReference(typed)
        #expect(back.isEqual(reference))
        #expect(back.itemIdentifiers.compactMap { $0 as? Int } == [1, 2, 3])
        #expect(back.reloadedItemIdentifiers.compactMap { $0 as? Int } == [2])
    }

    @Test func aReferenceOfATypedSnapshotCastsBackToTheSameSnapshot() {
        var typed = NSDiffableDataSourceSnapshot<String, Int>()
        typed.appendSections(["A", "B"])
        typed.appendItems([1, 2], toSection: "A")
        typed.appendItems([3], toSection: "B")
        typed.reloadItems([2])
        typed.reconfigureItems([1])
        typed.reloadSections(["B"])
        typed.appendItems([5, 5])  // a misuse, recorded in the typed snapshot's log
        let reference = NSDiffableDataSourceSnapshotReference(typed)
        #expect(reference.itemIdentifiers.compactMap { $0 as? Int } == [1, 2, 3])

        let back = NSDiffableDataSourceSnapshot<String, Int>(reference)
        #expect(back == typed)
        #expect(back.itemIdentifiers(inSection: "B") == [3])
        #expect(back.sectionIdentifier(containingItem: 2) == "A")
        #expect(back.reloadedItemIdentifiers == [2])
        #expect(back.reconfiguredItemIdentifiers == [1])
        #expect(back.reloadedSectionIdentifiers == ["B"])
        // The cast is a new snapshot: it starts a new log, as a snapshot built from the items does.
        #expect(back.raisedExceptions.take().isEmpty)
        #expect(typed.raisedExceptions.take().count == 1)

        // A change of the reference after it was made is in what it casts to; the typed snapshot
        // it was made from keeps its items.
        reference.appendItems(withIdentifiers: [4], intoSectionWithIdentifier: "A")
        reference.deleteItems(withIdentifiers: [3])
        let changed = NSDiffableDataSourceSnapshot<String, Int>(reference)
        #expect(changed.itemIdentifiers(inSection: "A") == [1, 2, 4])
        #expect(changed.itemIdentifiers(inSection: "B") == [])
        #expect(changed.reloadedItemIdentifiers == [2])
        #expect(typed.itemIdentifiers == [1, 2, 3])
        #expect(reference.raisedExceptions.take().isEmpty)
    }

    @Test func theReferenceRecordsWhatUIKitRaises() {
        let reference = NSDiffableDataSourceSnapshotReference()
        reference.appendItems(withIdentifiers: ["x"])
        #expect(
            reference.raisedExceptions.take().map(\.description) == [
                "NSInternalInconsistencyException: There are currently no sections in the data source. Please add a section first."
            ])
    }
}
