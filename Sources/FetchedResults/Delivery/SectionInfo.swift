import ObjectGraph

/// One section of the results, as `NSFetchedResultsSectionInfo`: valid until the next change event.
public struct SectionInfo {
    /// The section key value as text (`""` without a section key path, or for nil).
    public let name: String
    /// The section's index title (see `FetchedResultsController.sectionIndexTitle(forSectionName:)`).
    public let indexTitle: String?
    /// How many objects the section has.
    public let numberOfObjects: Int
    let firstRank: Int
    let controller: FetchedResultsController?

    /// The section's objects in order.
    public var objects: [ManagedObject] {
        guard let controller, numberOfObjects > 0 else { return [] }
        return controller.objects(inRanks: firstRank..<(firstRank + numberOfObjects))
    }
}
