import FetchSimCore

/// Runs random sessions for a configuration, checking every batch, until the batches are spent
/// or a batch fails.
///
/// Sessions are `sessionLength` batches long, each from a fresh, empty workspace with a seed
/// drawn from the run's seed, so a run is deterministic and a failure is never buried deep in a
/// long history. Text is not rendered while searching.
package struct Fuzzer {
    package let configuration: FuzzConfiguration

    package init(configuration: FuzzConfiguration) {
        self.configuration = configuration
    }

    /// What a run found.
    package enum Outcome {
        /// Every batch stayed consistent.
        case passed
        /// A batch failed: the session up to and including it.
        case failed(FuzzFinding)
        /// The run was asked to stop (Ctrl-C) before its last batch; every batch run passed.
        case interrupted
    }

    /// The end of a run: how many batches ran and what was found.
    package struct Result {
        package var batches = 0
        package var sessions = 0
        package var outcome = Outcome.passed
    }

    /// Runs the batches; `progress` is told the batches done every 100 batches and at the end,
    /// and `shouldStop` is asked as often: when it answers true the run ends, `.interrupted`.
    /// Throws `FuzzGeneratorError` when the generator wrote a line the interpreter rejected —
    /// a bug in the generator, not a finding.
    package func run(progress: (Int) -> Void = { _ in }, shouldStop: () -> Bool = { false }) throws -> Result {
        var result = Result()
        var seeds = SeededGenerator(seed: configuration.seed)
        while result.batches < configuration.batches {
            let sessionSeed = seeds.next()
            result.sessions += 1
            var generator = FuzzGenerator(configuration: configuration, seed: sessionSeed)
            let executor = try FuzzExecutor(
                breaksRenumbering: configuration.breaksRenumbering, schema: configuration.schema)
            var lines: [FuzzLine] = []
            func run(_ line: FuzzLine) throws -> FuzzExecutor.Step {
                let step = executor.run(line)
                if let error = step.inputError ?? (step.ranWhole ? nil : "not all of the line could run") {
                    throw FuzzGeneratorError(
                        line: step.text ?? "\(line)", message: error, seed: configuration.seed, session: result.sessions
                    )
                }
                lines.append(line)
                return step
            }
            for line in generator.setup() {
                if let failure = try run(line).failure {
                    result.outcome = .failed(
                        FuzzFinding(
                            session: FuzzSession(lines: lines), failure: failure,
                            batch: result.batches, sessionNumber: result.sessions))
                    return result
                }
            }
            for _ in 0..<min(configuration.sessionLength, configuration.batches - result.batches) {
                let step = try run(generator.nextBatch(executor))
                result.batches += 1
                if result.batches % 100 == 0 {
                    progress(result.batches)
                    if shouldStop() {
                        result.outcome = .interrupted
                        return result
                    }
                }
                if let failure = step.failure {
                    progress(result.batches)
                    result.outcome = .failed(
                        FuzzFinding(
                            session: FuzzSession(lines: lines), failure: failure,
                            batch: result.batches, sessionNumber: result.sessions))
                    return result
                }
            }
        }
        progress(result.batches)
        return result
    }
}

/// A failing session as the fuzzer found it.
package struct FuzzFinding {
    /// Every line of the session up to and including the failing one.
    package var session: FuzzSession
    package var failure: FuzzFailure
    /// The failing batch's number in the whole run (1-based).
    package var batch: Int
    /// Which session of the run it was (1-based).
    package var sessionNumber: Int
}

/// The generator wrote a line the interpreter rejected: a bug in the fuzzer itself.
package struct FuzzGeneratorError: Error, CustomStringConvertible {
    package let line: String
    package let message: String
    package let seed: UInt64
    package let session: Int

    package var description: String {
        "the generator wrote an invalid line (seed \(seed), session \(session)): '\(line)': \(message)"
    }
}
