import Testing
import Trellis

@Suite("Names string: validation against a definition")
struct PropertyNamesValidationTests {
  let known = ["name", "description", "category", "dueDate", "completed", "owner"]

  @Test("unknown names are reported at their location, with a suggestion when one is close")
  func unknownNames() throws {
    let groups = try PropertyNamesString.parse("Task Details:(nmae,description);Other:(zzzzzz)")
    #expect(
      groups.validate(against: known).map(\.description) == [
        "1:15: error: unknown property 'nmae' (did you mean 'name'?)",
        "1:40: error: unknown property 'zzzzzz'",
      ])
  }

  @Test("known names, custom names and nested paths under a known key pass")
  func knownNames() throws {
    let groups = try PropertyNamesString.parse("name;owner.name;~Delete Task;Status:(completed)")
    #expect(groups.validate(against: known).isEmpty)
    #expect(PropertyNamesString.validate(groups, against: known).isEmpty)
  }

  @Test("a nested path is checked by its first key")
  func nestedPath() throws {
    let groups = try PropertyNamesString.parse("ownr.name", file: "Task.names")
    #expect(
      groups.validate(against: known).map(\.description) == [
        "Task.names:1:1: error: unknown property 'ownr' in 'ownr.name' (did you mean 'owner'?)"
      ])
  }

  @Test("a full dotted name listed among the known names passes")
  func dottedKnownName() throws {
    let groups = try PropertyNamesString.parse("profile.firstName")
    #expect(groups.validate(against: ["profile.firstName"]).isEmpty)
  }
}
