/// What is wrong with a model file or a Core Data store, worded for the person who gave it:
/// `FILE:LINE:COLUMN: message` when a place in the file is known, `FILE: message` otherwise.
package struct CoreDataFileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file as the user named it (a model's `contents`, or the store).
    package var file: String
    package var location: ModelLocation?
    package var message: String

    package init(file: String, location: ModelLocation? = nil, _ message: String) {
        self.file = file
        self.location = location
        self.message = message
    }

    package var description: String {
        guard let location else { return "\(file): \(message)" }
        return "\(file):\(location.line):\(location.column): \(message)"
    }
}
