import FetchSimCore
import Testing

/// The one digit-grouping formatter of the fuzzer's bar and summary and the bench tables.
@Suite struct NumberTextTests {
    @Test(arguments: [
        (0, "0"), (7, "7"), (999, "999"), (1_000, "1,000"), (41_230, "41,230"), (100_000, "100,000"),
        (1_234_567, "1,234,567"), (-1_234, "-1,234"), (-999, "-999"),
    ])
    func groupsDigitsInThrees(_ value: Int, _ text: String) {
        #expect(NumberText.grouped(value) == text)
    }
}
