// UIKit brings Foundation and adds IndexPath(row:section:), .row and .section; the diffable
// snapshot types are declared beside the fetched results controller, which builds them, and
// re-exported here, where UIKit declares them.
@_exported import Foundation
@_exported import struct FetchSimCore.IndexPath
