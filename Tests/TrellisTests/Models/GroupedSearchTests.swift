import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// A grouped list searched for what it does not hold says so, rather than showing nothing.
@Suite("A grouped list's search")
struct GroupedSearchTests {
  @Test func aSearchThatFindsNothingSaysSo() throws {
    let (app, people) = try ContactsTestApp.make(people: 30)
    try app.send(.search("zzzz"))
    #expect(app.texts == [["No results for “zzzz”"]])
    #expect(app.top.snapshot().table.sections.allSatisfy { $0.model.indexTitle == nil })
    try app.host.check()
    try app.send(.search(people[0].lastName))
    #expect(app.texts.joined().contains("\(people[0].firstName) \(people[0].lastName)"))
    #expect(!app.texts.joined().contains { $0.hasPrefix("No results") })
    try app.send(.search(""))
    #expect(app.texts.count > 1)
    try app.host.check()
  }
}
