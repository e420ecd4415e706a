// swift-tools-version: 6.0
// An outside package that uses FetchSim's library products as an app would: it depends on the
// repository root by path, so `.ci/run` catches any change that breaks the public API.
import PackageDescription

let package = Package(
    name: "LibraryExample",
    dependencies: [
        .package(name: "FetchSim", path: "../..")
    ],
    targets: [
        .executableTarget(
            name: "LibraryExample",
            dependencies: [
                .product(name: "Adapters", package: "FetchSim"),
                .product(name: "FetchedResults", package: "FetchSim"),
            ]
        )
    ]
)
