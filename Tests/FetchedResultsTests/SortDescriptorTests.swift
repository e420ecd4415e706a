import FetchedResults
import Testing

@Suite struct SortDescriptorTests {
    @Test func describesDirection() {
        #expect(SortDescriptor(key: "order").description == "order asc")
        #expect(SortDescriptor(key: "title", ascending: false).description == "title desc")
    }
}
