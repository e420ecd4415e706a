// A test that drives a view controller names Apple's types and the simulator's: it imports
// FetchSimTesting alone.
@_exported import FetchSimCoreData
@_exported import FetchSimUIKit

@_exported import struct Adapters.ConsistencyProblem
