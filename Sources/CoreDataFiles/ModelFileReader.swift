import Foundation

/// Reads an Xcode model from disk: a `.xcdatamodeld` bundle (its current version), a single
/// `.xcdatamodel` directory, or a `contents` file.
///
/// A bundle names its current version in `.xccurrentversion`, a property list whose
/// `_XCCurrentVersionName` is the version's directory name (`Notes 2.xcdatamodel`); without that
/// file, the single version is used, or the newest-named one when there are several (names
/// compared with their numbers as numbers, so `Model 10` is newer than `Model 9`).
///
/// ```swift
/// let model = try ModelFileReader.read(path: "Examples/NotesApp/Notes.xcdatamodeld")
/// let schema = try model.schema()
/// ```
package enum ModelFileReader {
    /// The model at `path`, parsed and checked; nothing is returned unless all of it is valid.
    package static func read(path: String) throws(CoreDataFileError) -> ManagedObjectModelDescription {
        let contents = try contentsPath(for: path)
        guard let data = FileManager.default.contents(atPath: contents) else {
            throw CoreDataFileError(file: contents, "cannot read the model file")
        }
        return try parse(data, file: contents)
    }

    /// Parses and checks the `contents` XML in `data`; `file` names it in messages.
    package static func parse(_ data: Data, file: String) throws(CoreDataFileError) -> ManagedObjectModelDescription {
        let model = try ModelXMLParser.parse(data, file: file)
        try model.validate()
        return model
    }

    /// The `contents` file `path` stands for.
    static func contentsPath(for path: String) throws(CoreDataFileError) -> String {
        let manager = FileManager.default
        var isDirectory: ObjCBool = false
        guard manager.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw CoreDataFileError(file: path, "no such file or directory")
        }
        guard isDirectory.boolValue else { return path }
        let directory = path.hasSuffix("/") ? String(path.dropLast()) : path
        if directory.hasSuffix(".xcdatamodeld") {
            return try contentsPath(for: directory + "/" + currentVersion(of: directory))
        }
        let contents = directory + "/contents"
        guard manager.fileExists(atPath: contents) else {
            throw CoreDataFileError(
                file: directory,
                "missing 'contents': an .xcdatamodel directory keeps its model in a file named 'contents'")
        }
        return contents
    }

    /// The directory name of the bundle's current version.
    static func currentVersion(of bundle: String) throws(CoreDataFileError) -> String {
        let manager = FileManager.default
        let versionFile = bundle + "/.xccurrentversion"
        let versions = ((try? manager.contentsOfDirectory(atPath: bundle)) ?? []).filter {
            $0.hasSuffix(".xcdatamodel")
        }
        if manager.fileExists(atPath: versionFile) {
            guard let data = manager.contents(atPath: versionFile),
                let plist = try? PropertyListSerialization.propertyList(from: data, options: [], format: nil)
            else {
                throw CoreDataFileError(file: versionFile, "not a property list")
            }
            guard let name = (plist as? [String: Any])?["_XCCurrentVersionName"] as? String else {
                throw CoreDataFileError(file: versionFile, "no _XCCurrentVersionName: the current version is not named")
            }
            guard versions.contains(name) else {
                throw CoreDataFileError(
                    file: versionFile,
                    "the current version '\(name)' is not in the bundle (it has \(versions.isEmpty ? "no versions" : versions.sorted().map { "'\($0)'" }.joined(separator: ", ")))"
                )
            }
            return name
        }
        // Compared without the extension, so that `Notes` comes before `Notes 2` (`.` sorts after a space).
        let stem = { (name: String) in String(name.dropLast(".xcdatamodel".count)) }
        let sorted = versions.sorted { stem($0).compare(stem($1), options: .numeric) == .orderedAscending }
        guard let newest = sorted.last else {
            throw CoreDataFileError(file: bundle, "no .xcdatamodel version in the bundle")
        }
        return newest
    }
}
