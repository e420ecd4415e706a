import ArgumentParser

/// All of `fetchsim` — the REPL, `tui`, `replay`, `fuzz`, `bench` — as a library entry point.
///
/// The shipped `fetchsim` executable is this call and nothing else:
///
/// ```swift
/// import FetchSimCLI
/// FetchSimCLI.main()
/// ```
public enum FetchSimCLI {
    /// Parses the process's arguments and runs the command they name; exits the process.
    @MainActor
    public static func main() {
        FetchSimCommand.main()
    }
}
