import ArgumentParser
import Benchmarks
import Foundation
import ObjectGraph
import SQLiteStore

/// `fetchsim store-stress FILE`: the child process of the store's crash test (hidden).
///
/// Opens FILE through an `ObjectContext`, then runs numbered batches of inserts, updates and
/// deletes, saving each and printing one line per committed save: `committed batch=N objects=N`.
/// The test kills it with SIGKILL at random moments and checks that the file holds the state
/// after the last printed batch or the one after it. The line is cheap on purpose, so that most
/// of the child's time, and so most kills, fall inside saves.
struct StoreStressCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "store-stress",
        abstract: "Saves random batches into a store file until killed (for the crash test).",
        shouldDisplay: false
    )

    @Argument(help: "The store file; created when missing.")
    var file: String

    @Option(help: "The workload's seed; the same seed and state give the same batches.")
    var seed: UInt64 = 1

    @Option(help: "How many batches to save before exiting.")
    var batches: Int = 1_000_000

    func run() throws {
        let store = try SQLiteStore(path: file)
        let context = try ObjectContext(store: store)
        let workload = StoreStressWorkload(seed: seed)
        for _ in 0..<batches {
            let batch = try workload.runNextBatch(in: context)
            try context.save()
            let line = "committed " + StoreStressWorkload.report(batch: batch, objectCount: context.objectCount) + "\n"
            FileHandle.standardOutput.write(Data(line.utf8))  // one unbuffered write per line
        }
        try store.close()
    }
}
