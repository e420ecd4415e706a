import Foundation

extension NSExceptionName {
    /// `NSUnknownKeyException`: key-value coding with a key the object does not have.
    public static let unknownKeyException = NSExceptionName("NSUnknownKeyException")
}
