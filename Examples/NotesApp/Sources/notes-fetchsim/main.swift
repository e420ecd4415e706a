// All of `fetchsim` with the app's own view controller as adapters: `adapter notes` (with the
// user-driven flag) and `adapter notes-unflagged` (without it) in the REPL, `tui`, `replay`,
// `fuzz` and `bench` (docs/apple-api.md, "Your view controller in the CLI").
import FetchSimCLI
import NotesApp

FetchSimCLI.main(adapters: [
    "notes": { NotesViewController(context: $0, usesUserDrivenFlag: true) },
    "notes-unflagged": { NotesViewController(context: $0, usesUserDrivenFlag: false) },
])
