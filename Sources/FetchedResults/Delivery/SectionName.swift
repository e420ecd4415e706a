import Foundation
import ObjectGraph

extension Value {
    /// Core Data's name for the section of a section key value: the value's `description`, and
    /// `""` for nil (the unnamed section). As `-[NSFetchedResultsController _sectionNameForObject:]`
    /// computes it in the public decompilation of iOS 18.2's `NSFetchedResultsController.m` (the
    /// only source): a managed object's name is its object ID's URI string
    /// (`_retainedURIString`), anything else `[value description]` — an `NSNumber` prints a
    /// boolean as `1`/`0` and a double with `%0.16g` (`3`, `2.5`), an `NSDate` as
    /// `2024-05-01 00:00:00 +0000` (docs/semantics.md, "Section names are descriptions").
    ///
    ///     Value.bool(true).sectionName(uri: { _ in "" })       // "1"
    ///     Value.double(3).sectionName(uri: { _ in "" })        // "3"
    func sectionName(uri: (ObjectID) -> String) -> String {
        switch self {
        case .null: ""
        case .string(let text): text
        case .int(let number): String(number)
        case .bool(let flag): flag ? "1" : "0"
        case .double(let number): String(format: "%0.16g", number)
        case .date(let date): Value.dateDescription(date)
        case .object(let id): uri(id)
        case .objects: description
        }
    }

    /// `NSDate`'s `description`: `2024-05-01 10:30:00 +0000`, whole seconds, UTC.
    static func dateDescription(_ date: Date) -> String {
        let whole = Date(timeIntervalSince1970: date.timeIntervalSince1970.rounded(.down))
        // `2024-05-01T10:30:00Z` → `2024-05-01 10:30:00 +0000`.
        let iso = ISO8601.format(whole)
        return iso.prefix(10) + " " + iso.dropFirst(11).prefix(8) + " +0000"
    }
}
