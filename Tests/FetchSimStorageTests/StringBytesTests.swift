import Testing

@testable import FetchSimStorage

/// `StringBytes`: the byte order of strings is the order of their Unicode scalars, and equal
/// identities are equal strings.
@Suite struct StringBytesTests {
    /// The order by scalar values, written out: the expectation the byte compare must meet.
    static func scalarOrder(_ a: String, _ b: String) -> Int {
        let x = a.unicodeScalars.map(\.value)
        let y = b.unicodeScalars.map(\.value)
        if x.lexicographicallyPrecedes(y) { return -1 }
        return x == y ? 0 : 1
    }

    static let texts = [
        "", "a", "ab", "abc", "b", "Z", "é", "e\u{301}", "z", "\u{FFFF}", "😀", "😀a", "日本", "日本語",
        String(repeating: "k", count: 30), String(repeating: "k", count: 31), "k",
    ]

    @Test func bytesOrderLikeScalars() {
        for a in Self.texts {
            for b in Self.texts {
                #expect(StringBytes.compare(a, b) == Self.scalarOrder(a, b), "\(a) vs \(b)")
            }
        }
        #expect(StringBytes.compare("apple", "apply") == -1)
        #expect(StringBytes.compare("é", "z") == 1)
    }

    @Test func sameIdentityIsTheSameString() {
        let long = String(repeating: "q", count: 50)
        let copy = long
        #expect(StringBytes.identity(of: long) == StringBytes.identity(of: copy))
        #expect(StringBytes.identity(of: "key") == StringBytes.identity(of: "key"))
        #expect(StringBytes.identity(of: "key") != StringBytes.identity(of: "kez"))
        #expect(StringBytes.identity(of: "") != StringBytes.identity(of: "a"))
    }
}
