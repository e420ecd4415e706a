import Foundation
import ObjectGraph
import Testing

@Suite struct ValueTests {
    @Test func nilSortsBeforeEverything() {
        for v: Value in [
            .int(-5), .string(""), .bool(false), .double(-.infinity), .date(.init(timeIntervalSince1970: -1e9)),
        ] {
            #expect(Value.compare(.null, v) < 0)
            #expect(Value.compare(v, .null) > 0)
        }
        #expect(Value.compare(.null, .null) == 0)
    }

    @Test func numbersCompareAcrossKinds() {
        #expect(Value.compare(.int(1), .double(1.0)) == 0)
        #expect(Value.compare(.int(2), .double(1.5)) > 0)
        #expect(Value.compare(.bool(true), .int(1)) == 0)
        #expect(Value.int(3).isEqual(to: .double(3)))
    }

    @Test func stringsCompareByScalars() {
        #expect(Value.compare(.string("B"), .string("a")) < 0)
        #expect(Value.compare(.string("ab"), .string("abc")) < 0)
        #expect(Value.compare(.string("é"), .string("e")) > 0)
    }

    @Test(arguments: [
        ("2024-05-01", 1_714_521_600.0),
        ("2024-05-01T10:30:00Z", 1_714_559_400.0),
        ("2024-05-01T12:30:00+02:00", 1_714_559_400.0),
        ("1969-12-31T23:59:59Z", -1.0),
        ("2000-02-29T00:00:00.250Z", 951_782_400.25),
    ])
    func parsesISO8601(text: String, seconds: Double) throws {
        let date = try #require(ISO8601.parse(text))
        #expect(date.timeIntervalSince1970 == seconds)
    }

    @Test(arguments: [
        "2024-13-01", "2023-02-29", "2024-05-01T25:00Z", "2024-5-1", "", "2024-05-01Tx", "2024-05-01T10:30:00Zjunk",
    ])
    func rejectsMalformedDates(text: String) {
        #expect(ISO8601.parse(text) == nil)
    }

    @Test func formatsDatesRoundTrip() throws {
        for seconds in [0.0, 1_714_559_400, -86_401, 951_782_400.25] {
            let text = ISO8601.format(Date(timeIntervalSince1970: seconds))
            #expect(ISO8601.parse(text)?.timeIntervalSince1970 == seconds, "\(text)")
        }
        #expect(ISO8601.format(Date(timeIntervalSince1970: 1_714_559_400)) == "2024-05-01T10:30:00Z")
    }

    @Test func literalsQuoteStrings() {
        #expect(Value.string("say \"hi\"\\").literal == #""say \"hi\"\\""#)
        #expect(Value.double(3).description == "3.0")
        #expect(Value.double(2.5).description == "2.5")
        #expect(Value.null.literal == "nil")
    }
}
