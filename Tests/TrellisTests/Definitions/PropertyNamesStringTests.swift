import Testing
import Trellis

/// A group without locations, for comparing parse results briefly.
struct GroupShape: Equatable, CustomStringConvertible {
  var header: String?
  var footer: String?
  /// Each name's key: the key path, or `~` and the custom name.
  var names: [String]

  init(_ header: String?, _ names: [String], footer: String? = nil) {
    self.header = header
    self.footer = footer
    self.names = names
  }

  /// Ungrouped names: no header, no footer.
  init(_ names: [String]) { self.init(nil, names) }

  init(spec: PropertyGroup) {
    self.init(spec.header, spec.names.map(\.key), footer: spec.footer)
  }

  var description: String { "\(header ?? "nil"):\(names):\(footer ?? "nil")" }
}

/// Parses `text` and drops the locations.
func shapes(_ text: String) throws -> [GroupShape] {
  try PropertyNamesString.parse(text).map(GroupShape.init(spec:))
}

@Suite("Names string: grammar")
struct PropertyNamesStringTests {
  @Test("ungrouped names form one section without header or footer")
  func ungrouped() throws {
    #expect(
      try shapes("name;description;category;dueDate;completed") == [
        GroupShape(["name", "description", "category", "dueDate", "completed"])
      ])
  }

  @Test("groups have a header before ':(' and names separated by commas")
  func groups() throws {
    #expect(
      try shapes("Task Details:(name,description,category,dueDate);Task Status:(completed)") == [
        GroupShape("Task Details", ["name", "description", "category", "dueDate"]),
        GroupShape("Task Status", ["completed"]),
      ])
  }

  @Test("the design example: header, footer and a custom row")
  func designExample() throws {
    let groups = try PropertyNamesString.parse(
      "Task Details:(name,description):footer;Task Status:(completed);Actions:(~Delete Task)")
    #expect(
      groups.map(GroupShape.init(spec:)) == [
        GroupShape("Task Details", ["name", "description"], footer: "footer"),
        GroupShape("Task Status", ["completed"]),
        GroupShape("Actions", ["~Delete Task"]),
      ])
    let custom = try #require(groups.last?.names.first)
    #expect(custom.name == "Delete Task")
    #expect(custom.isCustom)
    #expect(custom.key == "~Delete Task")
    #expect(custom.location == SourceLocation(line: 1, column: 73))
  }

  @Test("an empty header means no header; a footer may follow any group")
  func emptyHeaderAndFooter() throws {
    #expect(
      try shapes(":(name,description,category,dueDate):Task Details;Task Status:(completed)") == [
        GroupShape(nil, ["name", "description", "category", "dueDate"], footer: "Task Details"),
        GroupShape("Task Status", ["completed"]),
      ])
    #expect(try shapes("  :  ( name )") == [GroupShape(nil, ["name"])])
  }

  @Test("names carry the line and column where they start")
  func locations() throws {
    let groups = try PropertyNamesString.parse(
      "Details:(name, owner.name);\n  ~Reset; done", file: "Task.names")
    let names = groups.flatMap(\.names)
    #expect(names.map(\.key) == ["name", "owner.name", "~Reset", "done"])
    #expect(
      names.map(\.location) == [
        SourceLocation(file: "Task.names", line: 1, column: 10),
        SourceLocation(file: "Task.names", line: 1, column: 16),
        SourceLocation(file: "Task.names", line: 2, column: 3),
        SourceLocation(file: "Task.names", line: 2, column: 11),
      ])
  }

  @Test("whitespace around every token is ignored, and runs inside text become one space")
  func whitespace() throws {
    let text = """
      Task
        Details : ( name ,
      \tdescription , ~ Delete\t\tTask ) :  Shown   below ;
       Task Status:(completed)
      """
    #expect(
      try shapes(text) == [
        GroupShape("Task Details", ["name", "description", "~Delete Task"], footer: "Shown below"),
        GroupShape("Task Status", ["completed"]),
      ])
  }

  @Test("custom names may stand alone, contain spaces, and coexist with a same-named property")
  func customNames() throws {
    #expect(
      try shapes("name;~name;~Send Invitation") == [
        GroupShape(["name", "~name", "~Send Invitation"])
      ])
    #expect(try shapes("~~odd") == [GroupShape(["~~odd"])])
  }

  @Test("ungrouped names after a group start a new section")
  func looseAfterGroup() throws {
    #expect(
      try shapes("name;description;Status:(completed);notes;~Archive") == [
        GroupShape(["name", "description"]),
        GroupShape("Status", ["completed"]),
        GroupShape(["notes", "~Archive"]),
      ])
    #expect(try shapes(":(a);:(b)") == [GroupShape(["a"]), GroupShape(["b"])])
  }

  @Test("key paths may be nested, index arrays and count them")
  func keyPaths() throws {
    #expect(
      try shapes("owner.name;steps.0.title;steps.@count;_private;über;x2") == [
        GroupShape(["owner.name", "steps.0.title", "steps.@count", "_private", "über", "x2"])
      ])
  }

  @Test("a trailing ';' is allowed, and an empty string has no groups")
  func trailingSemicolonAndEmpty() throws {
    #expect(try shapes("name;description;") == [GroupShape(["name", "description"])])
    #expect(try shapes("A:(a);  \n") == [GroupShape("A", ["a"])])
    #expect(try shapes("") == [])
    #expect(try shapes(" \n\t ") == [])
  }

  @Test("escapes put punctuation and kept spaces into headers, footers and custom names")
  func escapes() throws {
    #expect(
      try shapes(#"Due \(optional\)\: soon:(dueDate):Step 1\; then 2;~Save\, then close"#) == [
        GroupShape("Due (optional): soon", ["dueDate"], footer: "Step 1; then 2"),
        GroupShape(["~Save, then close"]),
      ])
    #expect(try shapes(#"\~Tilde\\:(a)"#) == [GroupShape(#"~Tilde\"#, ["a"])])
    #expect(try shapes(#":(a):\ \ padded\ "#) == [GroupShape(nil, ["a"], footer: "  padded ")])
  }

  @Test("headers may contain commas; footers may contain commas, colons and parentheses")
  func punctuationInText() throws {
    #expect(
      try shapes("Name, Age:(name,age):Note: ages (in years), rounded") == [
        GroupShape("Name, Age", ["name", "age"], footer: "Note: ages (in years), rounded")
      ])
  }

  @Test("line breaks count for locations, \\r\\n included")
  func lineBreaks() throws {
    let groups = try PropertyNamesString.parse("a;\r\nb;\nc")
    #expect(
      groups.flatMap(\.names).map(\.location) == [
        SourceLocation(line: 1, column: 1), SourceLocation(line: 2, column: 1),
        SourceLocation(line: 3, column: 1),
      ])
  }

  @Test("names may use any letters; custom names any characters")
  func unicode() throws {
    #expect(
      try shapes("über;cafe\u{301};Größe:(~Löschen 🗑)") == [
        GroupShape(["über", "cafe\u{301}"]), GroupShape("Größe", ["~Löschen 🗑"]),
      ])
  }
}
