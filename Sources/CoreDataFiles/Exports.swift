// Model files become ObjectGraph schemas; re-exported so a caller of this module's API needs no
// second import.
@_exported import ObjectGraph
