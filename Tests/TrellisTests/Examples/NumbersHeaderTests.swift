import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// The Numbers example's header: how many numbers there are, with thousands separated, and
/// while searched how many the search finds.
@Suite("The Numbers header")
struct NumbersHeaderTests {
  @Test func theHeaderSaysHowManyAndFollowsASearch() throws {
    let store = SampleContent.numbersStore(SampleContent.numbers(12_345))
    let app = HeadlessApp(navigator: SampleContent.numbersNavigator(store: store))
    #expect(app.host.table.visible.map(\.model.header) == ["12,345 numbers"])
    try app.send(.search("Number 1234"))
    // 1234 itself and 12340 to 12345.
    #expect(app.host.table.visible.map(\.model.header) == ["7 of 12,345 numbers"])
    try app.send(.search(""))
    #expect(app.host.table.visible.map(\.model.header) == ["12,345 numbers"])
  }
}
