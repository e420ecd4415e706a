import Console
import Testing

@Suite struct HistoryFileTests {
    @Test(
        arguments: [
            (["HOME": "/home/ann"], "/home/ann/.fetchsim_history"),
            (["HOME": "/home/ann/"], "/home/ann/.fetchsim_history"),
            (["HOME": "/home/ann", "FETCHSIM_HISTORY": "/tmp/h"], "/tmp/h"),
            (["HOME": "/home/ann", "FETCHSIM_HISTORY": ""], nil),
            (["FETCHSIM_HISTORY": "rel/h"], "rel/h"),
            ([:], nil),
            (["HOME": ""], nil),
        ] as [([String: String], String?)])
    func defaultPath(environment: [String: String], expected: String?) {
        #expect(HistoryFile.defaultPath(environment: environment) == expected)
    }
}
