// swift-tools-version: 6.0
import PackageDescription

let package = Package(
    name: "FetchSim",
    products: [
        .library(name: "ObjectGraph", targets: ["ObjectGraph"]),
        .library(name: "FetchedResults", targets: ["FetchedResults"]),
        .library(name: "TableSimulation", targets: ["TableSimulation"]),
        .library(name: "Adapters", targets: ["Adapters"]),
        .library(name: "Sheet", targets: ["Sheet"]),
        .library(name: "SQLiteStore", targets: ["SQLiteStore"]),
        // Apple's names on Linux, for an app's own list code (docs/apple-api.md).
        .library(name: "FetchSimCoreData", targets: ["FetchSimCoreData"]),
        .library(name: "FetchSimUIKit", targets: ["FetchSimUIKit"]),
        .library(name: "FetchSimTesting", targets: ["FetchSimTesting"]),
        // All of `fetchsim` as a library, for an app's own executable with its view controllers
        // registered as adapters (docs/apple-api.md, "Your view controller in the CLI").
        .library(name: "FetchSimCLI", targets: ["FetchSimCLI"]),
        .executable(name: "fetchsim", targets: ["fetchsim"]),
    ],
    dependencies: [
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        // Tests only: child processes watched through pidfds (Foundation's Process can miss a
        // child's exit when several run at once, leaving a test waiting forever).
        .package(url: "https://github.com/swiftlang/swift-subprocess", from: "1.0.2"),
        .package(url: "https://github.com/apple/swift-system", from: "1.8.1"),
        // `import csv` / `export csv` and the csv output mode: reading and writing RFC 4180 CSV.
        .package(url: "https://github.com/yaslab/CSV.swift", exact: "2.5.2"),
        // Documentation only: `swift package generate-documentation` (a command plugin, not built by
        // `swift build` or `swift test`).
        .package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0"),
    ],
    targets: [
        // Shared vocabulary: index paths, the seeded random generator, terminal display width.
        .target(name: "FetchSimCore"),
        // Settings vocabulary: the options a user picks (adapter kinds and policies, profiles,
        // reorder strategies, table styles, …) as plain enums with their names. No engine code:
        // what each one does lives in the layer that owns it; the command language and the
        // engine both import it, and the engine's products re-export it.
        .target(name: "FetchSimSettings"),
        // Layer 1: the system readline library. No pkgConfig: readline.pc adds flags SwiftPM rejects.
        .systemLibrary(name: "CReadline", path: "Sources/CReadline", providers: [.apt(["libreadline-dev"])]),
        // Small C helpers for the console: the SIGINT handler, waiting for input, the window size.
        .target(name: "CTerminal"),
        // Cache prefetch hints (`__builtin_prefetch`, inline), used only by FetchSimStorage.
        .target(name: "CPrefetch"),
        // The wide-character ncurses, for the full-screen spreadsheet. No pkgConfig (as CReadline).
        .systemLibrary(name: "CNCurses", path: "Sources/CNCurses", providers: [.apt(["libncurses-dev"])]),
        // Storage: the engine's fast machinery (order-statistic trees, lookup tables, packed
        // records, byte arenas, pools, sorts, lent iteration) behind safe APIs, and the only module
        // with unsafe code besides C interop. Its invariant checks run in debug builds and so in
        // the tests.
        .target(
            name: "FetchSimStorage", dependencies: ["CPrefetch", "FetchSimCore"],
            swiftSettings: [.define("FETCHSIM_STORAGE_CHECKS", .when(configuration: .debug))]
        ),
        // Layer 2: schema, objects, the context and its change notifications, stores.
        .target(name: "ObjectGraph", dependencies: ["FetchSimCore", "FetchSimStorage"]),
        // Layer 2b: the SQLite file store behind `PersistentStore` (GRDB over the system SQLite).
        .target(
            name: "SQLiteStore",
            dependencies: [
                "ObjectGraph",
                "FetchSimCore",
                // The arena the batch's strings are bound from (`ByteArena`).
                "FetchSimStorage",
                .product(name: "GRDB", package: "GRDB.swift"),
                // SQLite's C API, to bind and read values exactly (see RawStatement.swift).
                .product(name: "GRDBSQLite", package: "GRDB.swift"),
            ]
        ),
        // Layer 2c: the files Xcode and Core Data write — model files (.xcdatamodel[d]) read into a
        // schema with Foundation's XMLParser, and Core Data's SQLite stores read (never written).
        .target(
            name: "CoreDataFiles",
            dependencies: [
                "ObjectGraph",
                "FetchSimCore",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
        // Layer 3: fetch requests, predicates and the fetched results controller.
        .target(
            name: "FetchedResults",
            dependencies: ["ObjectGraph", "FetchSimCore", "FetchSimSettings", "FetchSimStorage"]),
        // Layer 4: the simulated UITableView — cached counts, viewport cells, UIKit's batch validation.
        .target(name: "TableSimulation", dependencies: ["FetchSimCore", "FetchSimSettings", "FetchSimStorage"]),
        // Layer 5: FRC delegates that drive a table, the user-driven flag, the consistency check.
        .target(
            name: "Adapters",
            dependencies: ["FetchedResults", "TableSimulation", "ObjectGraph", "FetchSimCore", "FetchSimSettings"]),
        // Layer 5b: Apple's names over the engine, for an app's own list code: Core Data's
        // (NSPersistentContainer, NSManagedObjectContext, NSFetchedResultsController, …) over
        // ObjectGraph and FetchedResults; UIKit's (UITableView, its data source, diffable data
        // sources, view controllers) over TableSimulation; and the driver that plays the user and
        // the run loop for tests and tools. No second engine: each type wraps the engine's own.
        .target(
            name: "FetchSimCoreData",
            dependencies: ["CoreDataFiles", "FetchedResults", "ObjectGraph", "SQLiteStore", "FetchSimCore"]
        ),
        .target(
            name: "FetchSimUIKit",
            dependencies: ["FetchSimCoreData", "Adapters", "TableSimulation", "FetchSimCore"]
        ),
        .target(
            name: "FetchSimTesting",
            dependencies: [
                "FetchSimUIKit", "FetchSimCoreData", "Adapters", "TableSimulation", "FetchedResults", "ObjectGraph",
                "FetchSimCore",
            ]
        ),
        // Layer 6: pure rendering of a table state to lines of text.
        .target(name: "Sheet", dependencies: ["FetchSimCore"]),
        // Layer 7: the command language — commands, parser, scanner, help text, completion
        // vocabulary. Pure syntax: no I/O, and no engine module — its option words are the
        // settings vocabulary's, its values ObjectGraph's.
        .target(name: "CommandLanguage", dependencies: ["FetchSimSettings", "ObjectGraph", "FetchSimCore"]),
        // Layer 8: the interpreter — one workspace (context, controller, adapter, table), executing
        // commands, event reports, JSON answers, output as values.
        .target(
            name: "Interpreter",
            dependencies: [
                "CommandLanguage", "Sheet", "Adapters", "FetchedResults", "TableSimulation", "ObjectGraph",
                "FetchSimCore", "FetchSimStorage",
                .product(name: "CSV", package: "CSV.swift"),
                // `import coredata` and `--model`: Xcode model files and Core Data stores.
                "CoreDataFiles",
            ]
        ),
        // Layer 9: transcripts — the session format, the recorder and the replayer.
        .target(name: "Transcripts", dependencies: ["Interpreter", "CommandLanguage", "ObjectGraph", "FetchSimCore"]),
        // A replayed session as one self-contained HTML page, and SVG plots of benchmark figures.
        .target(
            name: "SessionPages",
            dependencies: ["Transcripts", "Interpreter", "CommandLanguage", "Adapters", "Sheet", "FetchSimCore"]),
        // Programs of their own on top of the interpreter; nothing depends on them.
        .target(
            name: "Fuzzing",
            dependencies: [
                "Transcripts", "Interpreter", "SheetEditor", "Adapters", "FetchedResults", "ObjectGraph",
                "FetchSimCore",
                // Its lines are `Command` values printed by `Command.description`.
                "CommandLanguage",
                // `fuzz --model`: a user's entity from an Xcode model, seeded from a Core Data store.
                "CoreDataFiles",
            ]
        ),
        .target(
            name: "Benchmarks",
            dependencies: [
                "Interpreter", "SheetEditor", "Adapters", "FetchedResults", "TableSimulation", "ObjectGraph",
                "SQLiteStore", "FetchSimCore",
                // `bench --store --coredata`: a Core Data store written with GRDB, read through a model.
                "CoreDataFiles", .product(name: "GRDB", package: "GRDB.swift"),
                // `bench --stack apple`: the same pipeline on Apple's names.
                "FetchSimCoreData", "FetchSimUIKit",
                // `bench --model`: a user's entity, with the fuzzer's draws for its attributes.
                "Fuzzing",
            ]
        ),
        // The full-screen spreadsheet's key handling: keys in, command lines and a screen model
        // out. Pure: no I/O.
        .target(
            name: "SheetEditor",
            dependencies: [
                "Interpreter", "CommandLanguage", "Sheet", "Adapters", "TableSimulation", "ObjectGraph", "FetchSimCore",
            ]),
        // The full-screen spreadsheet on a terminal: ncurses draws the screen model and reads keys.
        .target(name: "FullScreen", dependencies: ["SheetEditor", "Interpreter", "FetchSimCore", "CNCurses"]),
        // Layer 10: the REPL — line input (readline on a terminal, plain lines otherwise), the
        // terminal (size, colour policy, styles) and the loop that drives an interpreter.
        .target(
            name: "Console",
            dependencies: [
                "Transcripts", "SessionPages", "Interpreter", "CommandLanguage", "SQLiteStore", "Sheet", "ObjectGraph",
                "FetchSimCore", "CReadline", "CTerminal",
                "CoreDataFiles",
            ]
        ),
        // Layer 11: the command line — argument parsing and nothing else — as a library, so that
        // the shipped `fetchsim` and an app's own executable (`FetchSimCLI.main(adapters:)`) run
        // the same code.
        .target(
            name: "FetchSimCLI",
            dependencies: [
                // An app's view controllers as adapters (`FetchSimCLI.main(adapters:)`).
                "FetchSimTesting",
                "FetchSimUIKit",
                "FetchSimCoreData",
                "CommandLanguage",
                "TableSimulation",
                "Console",
                "CTerminal",
                "FullScreen",
                "SheetEditor",
                "Fuzzing",
                "Adapters",
                "Benchmarks",
                "Transcripts",
                "SessionPages",
                "Interpreter",
                "FetchedResults",
                "ObjectGraph",
                "SQLiteStore",
                "FetchSimCore",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
            ]
        ),
        // The executable: `FetchSimCLI.main()` with no adapters of an app's own.
        .executableTarget(name: "fetchsim", dependencies: ["FetchSimCLI"]),
        // Test support: running `fetchsim` and other programs as children, with a deadline.
        .target(
            name: "FetchSimTestSupport",
            dependencies: [
                .product(name: "Subprocess", package: "swift-subprocess"),
                .product(name: "SystemPackage", package: "swift-system"),
            ],
            path: "Tests/TestSupport"
        ),
        .testTarget(name: "FetchSimCoreTests", dependencies: ["FetchSimCore"]),
        .testTarget(name: "FetchSimStorageTests", dependencies: ["FetchSimStorage", "FetchSimCore"]),
        .testTarget(name: "FetchSimSettingsTests", dependencies: ["FetchSimSettings"]),
        .testTarget(name: "ObjectGraphTests", dependencies: ["ObjectGraph"]),
        .testTarget(
            name: "FetchedResultsTests",
            dependencies: ["FetchedResults", "ObjectGraph", "FetchSimCore", "FetchSimStorage"]),
        .testTarget(
            name: "AdaptersTests",
            dependencies: ["Adapters", "FetchedResults", "TableSimulation", "ObjectGraph", "FetchSimCore"]),
        .testTarget(
            name: "TableSimulationTests", dependencies: ["TableSimulation", "FetchSimCore", "FetchSimStorage"]),
        // Apple's UIKit names over the simulated table, and the diffable snapshot they share with Core Data.
        .testTarget(
            name: "FetchSimUIKitTests",
            dependencies: ["FetchSimUIKit", "FetchSimCoreData", "Adapters", "ObjectGraph", "FetchSimCore"]
        ),
        // The same kind of list code in the Swift 5 language mode: UIKit's actor annotations must
        // let it build in both modes.
        .testTarget(
            name: "FetchSimUIKitSwift5Tests", dependencies: ["FetchSimUIKit"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // An app's view controller in the CLI: `adapter NAME`, recording, replay and the fuzzer.
        .testTarget(
            name: "FetchSimCLITests",
            dependencies: [
                "FetchSimCLI", "FetchSimCoreData", "FetchSimUIKit", "Interpreter", "CommandLanguage", "Transcripts",
                "SheetEditor",
                "ObjectGraph", "FetchSimTestSupport",
            ]
        ),
        // The simulator and the fuzzer driving view controllers written as iOS apps write them.
        .testTarget(name: "FetchSimTestingTests", dependencies: ["FetchSimTesting", "FetchSimCore"]),
        .testTarget(name: "SheetTests", dependencies: ["Sheet", "FetchSimCore"], resources: [.copy("Goldens")]),
        .testTarget(
            name: "CommandLanguageTests",
            dependencies: ["CommandLanguage", "FetchedResults", "ObjectGraph", "FetchSimCore", "FetchSimSettings"]),
        .testTarget(
            name: "InterpreterTests",
            dependencies: ["Interpreter", "CommandLanguage", "FetchedResults", "ObjectGraph", "FetchSimCore"]),
        // Console too: recording is the REPL driver's `record FILE`, tested end to end here.
        .testTarget(
            name: "TranscriptsTests",
            dependencies: [
                "Transcripts", "Console", "Interpreter", "CommandLanguage", "ObjectGraph", "FetchSimCore",
                "FetchSimTestSupport",
            ]),
        // Pages opened in headless Chromium (skipped where it is not installed).
        .testTarget(
            name: "SessionPagesTests",
            dependencies: [
                "SessionPages", "Console", "Transcripts", "Interpreter", "CommandLanguage", "ObjectGraph", "Sheet",
                "FetchSimCore", "FetchSimTestSupport",
            ]
        ),
        .testTarget(
            name: "FuzzingTests",
            dependencies: [
                "Fuzzing", "Transcripts", "Interpreter", "Adapters", "ObjectGraph", "FetchSimCore",
                "FetchSimTestSupport",
            ]),
        // FetchSimCoreData, FetchSimUIKit: `--stack apple` compared with the engine's pipeline;
        // FetchSimTestSupport: the option through the executable.
        .testTarget(
            name: "BenchmarksTests",
            dependencies: [
                "Benchmarks", "Interpreter", "ObjectGraph", "FetchSimCore", "FetchedResults", "FetchSimCoreData",
                "FetchSimUIKit",
                "FetchSimTestSupport",
                // `bench --model`: the fuzzer's schema of a user's entity.
                "Fuzzing",
            ]
        ),
        .testTarget(
            name: "SheetEditorTests", dependencies: ["SheetEditor", "Interpreter", "ObjectGraph", "FetchSimCore"]),
        // The full-screen mode end to end, on a terminal driven through tmux.
        .testTarget(name: "FullScreenTests", dependencies: ["FetchSimTestSupport"]),
        .testTarget(
            name: "ConsoleTests",
            dependencies: [
                "Console", "Interpreter", "CommandLanguage", "ObjectGraph", "SQLiteStore", "FetchSimCore",
                "FetchSimTestSupport",
            ]),
        // GRDB too: the Core Data store fixtures are built with it, following Core Data's layout;
        // Interpreter and Transcripts for `import coredata`, the workspace `--model` starts and
        // the '# model:' header.
        .testTarget(
            name: "CoreDataFilesTests",
            dependencies: [
                "CoreDataFiles", "Interpreter", "Transcripts", "ObjectGraph",
                .product(name: "GRDB", package: "GRDB.swift"),
                // `fuzz --coredata-store`: the fuzzer seeded from the store fixtures built here.
                "Fuzzing",
            ]
        ),
        // Apple's Core Data names over the engine; the engine's modules too, to compare the two APIs.
        // FetchSimTestSupport: the near-miss test type-checks a file with swiftc.
        .testTarget(
            name: "FetchSimCoreDataTests",
            dependencies: ["FetchSimCoreData", "FetchedResults", "ObjectGraph", "FetchSimCore", "FetchSimTestSupport"]
        ),
        // Xcode's Core Data template code in the Swift 5 language mode (the target above is Swift 6).
        .testTarget(
            name: "FetchSimCoreDataSwift5Tests", dependencies: ["FetchSimCoreData"],
            swiftSettings: [.swiftLanguageMode(.v5)]
        ),
        // GRDB too: the error tests craft damaged, foreign and locked files with a raw connection.
        // Benchmarks: the crash test's workload, shared with `fetchsim store-stress`.
        .testTarget(
            name: "SQLiteStoreTests",
            dependencies: [
                "SQLiteStore", "ObjectGraph", "FetchSimCore", "FetchSimTestSupport", "Benchmarks",
                .product(name: "GRDB", package: "GRDB.swift"),
            ]
        ),
    ]
)
