// swift-tools-version: 6.0
// A notes app's list code written the way iOS apps write it — an NSManagedObject subclass, a
// table view controller with Apple's Xcode template delegate and a reorderable data source —
// built on Linux against FetchSim's Apple-shaped products, tested and fuzzed by `.ci/run`.
import PackageDescription

let package = Package(
    name: "NotesApp",
    dependencies: [
        .package(name: "FetchSim", path: "../..")
    ],
    targets: [
        .target(
            name: "NotesApp",
            dependencies: [
                .product(name: "FetchSimCoreData", package: "FetchSim"),
                .product(name: "FetchSimUIKit", package: "FetchSim"),
            ]
        ),
        // The app's own `fetchsim`: FetchSimCLI with the notes view controller registered as
        // `adapter notes` (and `notes-unflagged`); .ci/run replays Sessions/ with it.
        .executableTarget(
            name: "notes-fetchsim",
            dependencies: ["NotesApp", .product(name: "FetchSimCLI", package: "FetchSim")]
        ),
        .testTarget(
            name: "NotesAppTests",
            dependencies: [
                "NotesApp", .product(name: "FetchSimTesting", package: "FetchSim"),
                .product(name: "FetchSimCLI", package: "FetchSim"),
            ]
        ),
        // The README's "Bring your own view controller" example, compiled and run as it is printed.
        .testTarget(
            name: "ReadmeExampleTests",
            dependencies: [.product(name: "FetchSimTesting", package: "FetchSim")]
        ),
        // The fuzzer's batches per second on the app's view controllers (`swift run -c release`).
        .executableTarget(
            name: "NotesFuzzThroughput",
            dependencies: ["NotesApp", .product(name: "FetchSimTesting", package: "FetchSim")]
        ),
    ]
)
