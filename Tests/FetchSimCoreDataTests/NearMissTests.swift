import FetchSimTestSupport
import Foundation
import Testing

/// Every method of the delegate protocol is optional, so a misspelt one compiles and is never
/// called; the compiler's "nearly matches defaulted requirement" warning is what catches it. This
/// type-checks such a file against the built modules, as `.ci/run` type-checks Examples/NearMiss.
@Suite struct NearMissTests {
    /// The built modules and the module maps of the C modules they import (a bare swiftc is not
    /// handed them by SwiftPM), or nil when this build keeps them elsewhere.
    static let arguments: [String]? = {
        let build = BinaryLocator.packageRoot.appendingPathComponent(".build")
        let paths = [
            build.appendingPathComponent("debug/Modules"),
            build.appendingPathComponent("debug/CPrefetch.build/module.modulemap"),
            build.appendingPathComponent("checkouts/GRDB.swift/Sources/GRDBSQLite/module.modulemap"),
        ]
        guard paths.allSatisfy({ FileManager.default.fileExists(atPath: $0.path) }),
            FileManager.default.fileExists(atPath: paths[0].appendingPathComponent("FetchSimCoreData.swiftmodule").path)
        else { return nil }
        return [
            "-typecheck", "-I", paths[0].path, "-Xcc", "-fmodule-map-file=\(paths[1].path)", "-Xcc",
            "-fmodule-map-file=\(paths[2].path)",
        ]
    }()

    /// `swiftc` on the `PATH`.
    static let swiftc: String? = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
        .map { "\($0)/swiftc" }.first { FileManager.default.isExecutableFile(atPath: $0) }

    @Test(
        .enabled(
            if: arguments != nil && swiftc != nil, "the built modules (.build/debug/Modules) or swiftc were not found"))
    func aMisspeltOptionalDelegateMethodGetsTheNearMissWarning() async throws {
        let source = """
            import FetchSimCoreData

            final class NotesViewController {}

            extension NotesViewController: NSFetchedResultsControllerDelegate {
                func controller(_ controller: NSFetchedResultsController<NSFetchRequestResult>, didChange anObject: Any,
                                at indexPath: IndexPath?, for type: NSFetchedResultsChangeType, newIndexpath: IndexPath?) {}
            }

            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("NearMiss-\(UUID().uuidString).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let (_, errors, termination) = try await ChildProcess.runCollectingErrors(
            try #require(Self.swiftc), try #require(Self.arguments) + [file.path])
        #expect(termination == .exited(0), "\(errors)")
        #expect(
            errors.contains(
                "warning: instance method 'controller(_:didChange:at:for:newIndexpath:)' nearly matches defaulted requirement "
                    + "'controller(_:didChange:at:for:newIndexPath:)' of protocol 'NSFetchedResultsControllerDelegate'"),
            "\(errors)")
    }

    /// A file that imports Foundation itself as well as FetchSimCoreData: the initializers make
    /// FetchSimCoreData's `NSPredicate` and `NSSortDescriptor`, which a fetch request takes. (As a
    /// type name, or in `NSPredicate(value:)`, the two modules' classes are ambiguous in such a
    /// file: docs/apple-api.md.)
    @Test(
        .enabled(
            if: arguments != nil && swiftc != nil, "the built modules (.build/debug/Modules) or swiftc were not found"))
    func predicatesBuildInAFileThatImportsFoundationToo() async throws {
        let source = """
            import Foundation
            import FetchSimCoreData

            func configure(_ request: NSFetchRequest<NSManagedObject>, title: String) {
                let predicate = NSPredicate(format: "title == %@ AND order < %d", title, 3)
                request.predicate = predicate
                request.predicate = NSPredicate(format: "done == NO")
                let sort = NSSortDescriptor(key: "order", ascending: true)
                request.sortDescriptors = [sort, NSSortDescriptor(key: "title", ascending: false)]
            }

            """
        let file = FileManager.default.temporaryDirectory.appendingPathComponent(
            "Predicates-\(UUID().uuidString).swift")
        try source.write(to: file, atomically: true, encoding: .utf8)
        defer { try? FileManager.default.removeItem(at: file) }
        let (_, errors, termination) = try await ChildProcess.runCollectingErrors(
            try #require(Self.swiftc), try #require(Self.arguments) + [file.path])
        #expect(termination == .exited(0), "\(errors)")
        #expect(!errors.contains("error"), "\(errors)")
    }
}
