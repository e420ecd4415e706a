// An app's Core Data code imports Foundation and CoreData; on Linux it imports FetchSimCoreData
// in CoreData's place, which brings Foundation (as CoreData does) and FetchSim's IndexPath
// extension. The engine's own modules stay out of the app's namespace: their types appear
// only behind Apple's names (docs/apple-api.md).
@_exported import Foundation

@_exported import struct FetchSimCore.IndexPath
