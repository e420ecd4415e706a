import FetchSimCore

/// Foundation also has an `IndexPath`; these tests always mean the REPL's.
typealias IndexPath = FetchSimCore.IndexPath
