// The modules this product's public declarations mention, re-exported so that importing the
// product is enough to use its API (docs/architecture.md, "What a product exports").
@_exported import FetchSimCore
@_exported import FetchSimSettings
