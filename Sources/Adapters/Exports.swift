// The modules this product's public declarations mention, re-exported so that importing the
// product is enough to use its API (docs/architecture.md, "What a product exports").
@_exported import FetchSimSettings
@_exported import FetchedResults
@_exported import TableSimulation
