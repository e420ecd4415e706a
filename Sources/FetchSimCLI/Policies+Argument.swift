import Adapters
import ArgumentParser
import Fuzzing

// The adapter's and the controller's settings as command-line values: parsed from their raw
// values, and listed by `--help` from their cases, so the help cannot drift from the code.
extension AdapterKind: ExpressibleByArgument {}
extension MovePolicy: ExpressibleByArgument {}
extension UpdatePolicy: ExpressibleByArgument {}
extension UserDrivenPolicy: ExpressibleByArgument {}
extension CompatibilityProfile: ExpressibleByArgument {}
extension ReorderStrategy: ExpressibleByArgument {}
extension FuzzSortDirection: ExpressibleByArgument {}
extension FuzzMergeMode: ExpressibleByArgument {}
extension TableViewStyle: ExpressibleByArgument {}
extension DiffableSnapshotUse: ExpressibleByArgument {}
extension FuzzField: ExpressibleByArgument {}
