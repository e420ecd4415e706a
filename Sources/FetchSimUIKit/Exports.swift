// UIKit brings Foundation and adds IndexPath(row:section:), .row and .section; the diffable
// snapshot types are declared beside the fetched results controller, which builds them, and
// re-exported here, where UIKit declares them, with the exception types the views record.
@_exported import Foundation

@_exported import struct FetchSimCore.IndexPath
@_exported import class FetchSimCoreData.ExceptionLog
@_exported import struct FetchSimCoreData.NSDiffableDataSourceSnapshot
@_exported import class FetchSimCoreData.NSDiffableDataSourceSnapshotReference
@_exported import class FetchSimCoreData.NSException
