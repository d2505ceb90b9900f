import Testing
import Trellis

@Suite("Names string: writing it back")
struct PropertyNamesFormattingTests {
  @Test(
    "format gives a canonical string that parses to the same groups",
    arguments: [
      ("name;description", "name;description"),
      (
        "Task Details:(name, description) : footer ;Task Status:(completed);Actions:(~Delete Task)",
        "Task Details:(name,description):footer;Task Status:(completed);Actions:(~Delete Task)"
      ),
      (":(a);:(b)", "a;:(b)"),
      ("a;B:(b);c;:(d);e", "a;B:(b);c;:(d);e"),
      (":(a):Tail", ":(a):Tail"),
      (
        #"Due \(optional\):(dueDate):Step 1\; then 2"#,
        #"Due \(optional\):(dueDate):Step 1\; then 2"#
      ),
      (#"\~Tilde:(~A\,B\:C)"#, #"\~Tilde:(~A\,B\:C)"#),
      (#":(a):Note\: x \(y\)"#, #":(a):Note: x (y)"#),
      (#":(a):Note\:(y)"#, #":(a):Note\:(y)"#),
      (#":(a):\ \ two\ "#, #":(a):\ \ two\ "#),
      ("Wrapped\n  header:(a)", "Wrapped header:(a)"),
      ("", ""),
    ])
  func roundTrip(input: String, canonical: String) throws {
    let groups = try PropertyNamesString.parse(input)
    let formatted = PropertyNamesString.format(groups)
    #expect(formatted == canonical)
    let reparsed = try PropertyNamesString.parse(formatted)
    #expect(reparsed.map(GroupShape.init(spec:)) == groups.map(GroupShape.init(spec:)))
  }

  @Test("constructed groups with awkward text survive a round trip")
  func constructedGroups() throws {
    let here = SourceLocation(line: 1, column: 1)
    let groups = [
      PropertyGroup(
        header: " lead;ing\ttab ", footer: "a:(b) \\ end ",
        names: [
          PropertyName(name: "name", location: here),
          PropertyName(name: "Say (hi), then: go;", isCustom: true, location: here),
        ]),
      PropertyGroup(names: [PropertyName(name: "x", location: here)]),
      PropertyGroup(names: [PropertyName(name: "y", location: here)]),
    ]
    let reparsed = try PropertyNamesString.parse(PropertyNamesString.format(groups))
    #expect(reparsed.map(GroupShape.init(spec:)) == groups.map(GroupShape.init(spec:)))
  }

  @Test("a group and a name describe themselves in names-string syntax")
  func descriptions() throws {
    let groups = try PropertyNamesString.parse("A:(a,~B c):F;x")
    #expect(groups.map(\.description) == ["A:(a,~B c):F", ":(x)"])
    #expect(groups[0].names.map(\.description) == ["a", "~B c"])
  }
}
