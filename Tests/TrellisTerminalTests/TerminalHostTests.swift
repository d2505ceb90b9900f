import Foundation
import Testing
import Trellis
import TrellisDescriptors
import TrellisExamples
import TrellisTesting

@testable import TrellisTerminal

/// The host's event mapping, driven key by key over an in-memory terminal that keeps what the
/// written escape sequences show.
@Suite("Terminal host")
struct TerminalHostTests {
  /// A host on a virtual terminal, drawn after every key.
  final class Driver {
    let terminal: VirtualTerminal
    let host: TerminalHost
    var writer = FrameWriter()

    init(_ navigator: Navigator, rows: Int = 24, columns: Int = 60) {
      terminal = VirtualTerminal(size: TerminalSize(rows: rows, columns: columns))
      host = TerminalHost(navigator: navigator, size: terminal.size, usesColor: false)
      host.draw(on: terminal, writer: &writer)
    }

    /// Types `text` (escape sequences included), then draws.
    func press(_ text: String) {
      var decoder = KeyDecoder()
      for key in decoder.decode(Array(text.utf8)) + decoder.flush() { host.handle(key) }
      host.draw(on: terminal, writer: &writer)
    }

    var screen: String { terminal.text }
    var lastWrite: String { terminal.writes.last ?? "" }
  }

  static let down = "\u{1B}[B"
  static let up = "\u{1B}[A"
  static let escape = "\u{1B}"
  static let save = "\u{13}"

  @Test func editATaskAndSaveIt() throws {
    let (navigator, _) = try TasksApp.sampleNavigator()
    let driver = Driver(navigator)
    #expect(driver.screen.contains("Tasks"))
    #expect(driver.screen.contains("> | Write the report"))
    driver.press("\r")
    #expect(navigator.stack.count == 2)
    #expect(driver.screen.contains("< Back (Esc)"))
    // The name row has the cursor (it asks for the keyboard); Enter opens it for typing.
    driver.press("\r\u{15}Write the summary")
    #expect(driver.screen.contains("» Write the summary"))
    driver.press("\r")
    #expect(driver.screen.contains("| Name") && driver.screen.contains("Write the summary |"))
    driver.press(Self.save)
    #expect(navigator.stack.count == 1)
    #expect(driver.screen.contains("Write the summary"))
    #expect(driver.terminal.wraps.isEmpty)
  }

  /// A message longer than the terminal is wide (a save's conflict, say) wraps under the bar,
  /// on at most three lines, and the table moves down to make room.
  @Test func aLongStatusWrapsOnAtMostThreeLines() throws {
    let (navigator, _) = try TasksApp.sampleNavigator()
    let driver = Driver(navigator, columns: 40)
    let words = (1...30).map { "word\($0)" }.joined(separator: " ")
    driver.host.status = "Someone else changed Name meanwhile: " + words
    driver.press("")
    let lines = driver.screen.split(separator: "\n", omittingEmptySubsequences: false)
    #expect(lines[1].hasPrefix("Someone else changed Name"))
    #expect(lines[2].hasPrefix("word"))
    #expect(lines[3].hasSuffix("…"))
    #expect(driver.terminal.wraps.isEmpty)
    func firstRow() -> Int? {
      driver.screen.split(separator: "\n", omittingEmptySubsequences: false)
        .firstIndex { $0.contains("Write the report") }
    }
    let underMessage = try #require(firstRow())
    driver.host.status = nil
    driver.press("")
    #expect(firstRow() == underMessage - 2, "the table moves up when the message goes")
  }

  /// Where Done writes each form (a database), Ctrl-S on a list says so, and after a form's
  /// Done it says nothing over what Done answered.
  @Test func ctrlSWithoutDoneSaysWhereEditsGo() throws {
    let (navigator, _) = try TasksApp.sampleNavigator()
    let driver = Driver(navigator)
    let hint = "Each form is written to the database when you press Done"
    driver.host.nothingToSave = hint
    driver.press(Self.save)
    #expect(driver.screen.contains(hint))
    driver.press("\r\r\u{15}Write the summary\r")
    driver.press(Self.save)
    #expect(navigator.stack.count == 1)
    #expect(!driver.screen.contains(hint))
    // A refused Done keeps its reason on the line.
    driver.press("a")
    driver.press(Self.save)
    #expect(driver.screen.contains("fix the fields marked !"))
    #expect(!driver.screen.contains(hint))
  }

  /// Ctrl-S on a form opened from a new item's form commits that form and saves the file,
  /// and says that the new item itself is saved with its own Done.
  @Test func ctrlSSaysWhichOpenFormItsSaveLeavesOut() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-terminal-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("people.json")
    _ = try DocumentFile.create(
      at: url, root: ["people": [["name": "Ada", "tags": ["math"]]]], format: .json)
    let store = try DocumentStore(contentsOf: url)
    let navigator = Navigator(root: try store.screen())
    let driver = Driver(navigator, columns: 100)
    driver.host.save = {
      try store.save()
      return "Saved people.json"
    }
    func saved() throws -> [Value] {
      try DocumentFile(contentsOf: url).root.dictionaryValue?["people"]?.arrayValue ?? []
    }
    // People, a new item, its name; then its Tags list and a new tag there.
    driver.press("\ra\r\u{15}Grace\r" + Self.down + "\ra\r\u{15}cobol\r")
    driver.press(Self.save)
    #expect(driver.screen.contains("Saved people.json; “New Item” is saved with its Done"))
    #expect(try saved().count == 1)
    driver.press(Self.escape + Self.save)
    #expect(driver.screen.contains("Saved people.json"))
    #expect(!driver.screen.contains("is saved with its Done"))
    #expect(try saved().last == ["name": "Grace", "tags": ["cobol"]])
  }

  @Test func doneIsRefusedWhileTheDraftIsInvalid() throws {
    let (navigator, _) = try TasksApp.sampleNavigator()
    let driver = Driver(navigator)
    driver.press("a")
    #expect(navigator.stack.count == 2)
    driver.press(Self.save)
    #expect(navigator.stack.count == 2)
    #expect(driver.screen.contains("!"))
    let rows = driver.terminal.lines
    #expect(rows.contains { $0.contains("| ") && $0.contains("! ") }, "\(driver.screen)")
    // Quitting now asks first; n keeps the host running, y quits.
    driver.press("\r\u{15}x\r")
    driver.press("q")
    #expect(driver.screen.contains("Quit without saving your changes? (y/n)"))
    driver.press("n")
    #expect(driver.host.exit == nil)
    driver.press("qy")
    #expect(driver.host.exit == .quit)
  }

  @Test func ctrlCAsksBeforeLosingChangesAndASecondOneQuits() throws {
    let store = try ProfileApp.store()
    let driver = Driver(Navigator(root: try ProfileApp.screen(store: store)))
    driver.press("\u{03}")
    #expect(driver.host.exit == .quit, "nothing unsaved: Ctrl-C quits at once")
    let edited = Driver(Navigator(root: try ProfileApp.screen(store: store)))
    edited.press("\r\u{15}Ada\r")
    edited.press("\u{03}")
    #expect(edited.host.exit == nil)
    #expect(edited.screen.contains("Quit without saving your changes? (y/n)"))
    edited.press("\u{03}")
    #expect(edited.host.exit == .quit)
  }

  @Test func editModeMovesAndDeletesRows() throws {
    let (model, section) = StringsExample.model()
    let navigator = Navigator(root: Screen(model: model, navigationBar: .editRight))
    let driver = Driver(navigator, rows: 12, columns: 40)
    driver.press("e")
    #expect(driver.screen.contains("(-) One"))
    driver.press("J")
    #expect(section.content == ["Two", "One", "Three!"])
    // The cursor stays on the row it moved.
    #expect(driver.screen.contains("> | (-) One"))
    // `d` asks first: any key but y keeps the row.
    driver.press("jd")
    #expect(driver.screen.contains("Delete “Three!”? (y/n)"))
    driver.press("n")
    #expect(section.content == ["Two", "One", "Three!"])
    driver.press("dy")
    #expect(section.content == ["Two", "One"])
    driver.press("K")
    #expect(section.content == ["One", "Two"])
    #expect(driver.terminal.wraps.isEmpty)
  }

  /// Edit mode is offered where the screen's bar offers it, as in the other hosts: a screen
  /// without an Edit button (a Settings page) says so, and shows no delete or move controls.
  @Test func editModeIsOnlyWhereTheBarOffersIt() throws {
    let (model, _) = StringsExample.model()
    let navigator = Navigator(root: Screen(model: model, navigationBar: .none))
    let driver = Driver(navigator, rows: 12, columns: 40)
    driver.press("e")
    #expect(!navigator.top.isEditing)
    #expect(driver.screen.contains("This screen has no edit mode"))
    #expect(!driver.screen.contains("(-)"))
  }

  /// A row the person deleted that comes back (a delete the store refused) takes the cursor
  /// back, unless the cursor moved meanwhile; a row that went away by other hands does not.
  @Test func theCursorReturnsToARowWhoseDeleteCameBack() throws {
    let tasks = ["A", "B", "C"].map { TaskItem(name: $0) }
    let (navigator, store) = try TasksApp.navigator(tasks: tasks)
    let driver = Driver(navigator, rows: 14, columns: 40)
    let b = Value.object(ObjectReference(tasks[1]))
    driver.press("ej")
    #expect(driver.screen.contains("> | (-) B"))
    driver.press("dy")
    #expect(driver.screen.contains("> | (-) C"), "\(driver.screen)")
    try store.insert(b, at: 1)
    driver.press("")
    #expect(driver.screen.contains("> | (-) B"), "\(driver.screen)")
    // Deleted by someone else, B does not pull the cursor back.
    try store.delete(b)
    driver.press("")
    #expect(driver.screen.contains("> | (-) C"))
    try store.insert(b, at: 1)
    driver.press("")
    #expect(driver.screen.contains("> | (-) C"), "\(driver.screen)")
    // Moved after the delete, the cursor stays where the person put it.
    driver.press("kdy")
    #expect(!driver.screen.contains("| (-) B"))
    driver.press("k")
    try store.insert(b, at: 1)
    driver.press("")
    #expect(driver.screen.contains("> | (-) A"), "\(driver.screen)")
  }

  @Test func anEditWritesOnlyTheLinesThatChanged() throws {
    let (model, section) = StringsExample.model()
    section.content = (0..<15).map { "Item \($0)" }
    let navigator = Navigator(root: Screen(model: model))
    let driver = Driver(navigator, rows: 20, columns: 40)
    let full = driver.writer.linesWritten
    #expect(full == 20)
    section.content[3] = "Renamed"
    driver.host.draw(on: driver.terminal, writer: &driver.writer)
    #expect(driver.writer.linesWritten == full + 1)
    #expect(driver.writer.fullPaints == 1)
    #expect(!driver.lastWrite.contains("\u{1B}[2J"))
    #expect(driver.screen.contains("| Renamed"))
    driver.press("j")
    // The cursor left one row and reached another: two lines.
    #expect(driver.writer.linesWritten == full + 3)
  }

  @Test func switchesSegmentsAndNumbers() throws {
    let object = DocumentObject(["on": false, "size": 1, "count": 3])
    var definition = DataDefinition.document(object.root, name: "Controls")
    definition["size"]?.type = .segmented
    definition["size"]?.attributes.row.segmentTitles = ["S", "M", "L"]
    definition["count"]?.attributes.row.minimum = 0
    definition["count"]?.attributes.row.maximum = 10
    let model = TableModel(title: "Controls")
    _ = try model.generateSections(for: object, definition: definition, mode: .live)
    let driver = Driver(Navigator(root: Screen(model: model)), rows: 14, columns: 40)
    driver.press(" ")
    #expect((try? object.value(forKey: "on")) == .bool(true))
    driver.press("j\u{1B}[C")
    #expect((try? object.value(forKey: "size")) == .int(2))
    #expect(driver.screen.contains("S|M|[L]"))
    driver.press("j\r\u{15}42\r")
    #expect(driver.screen.contains("Count is at most 10: 42 is too"))
    #expect(driver.screen.contains("large"))
    #expect((try? object.value(forKey: "count")) == .int(3))
    driver.press("\u{15}7\r")
    #expect((try? object.value(forKey: "count")) == .int(7))
  }

  @Test func aCategoryIsChosenOnItsSelectionScreen() throws {
    let (navigator, _) = try TasksApp.sampleNavigator()
    let driver = Driver(navigator, rows: 30, columns: 60)
    driver.press("\r")
    for _ in 0..<10 where !driver.screen.contains("> | Category") { driver.press("j") }
    driver.press("\r")
    #expect(navigator.stack.count == 3)
    #expect(driver.screen.contains("Home"))
    for _ in 0..<10 where !driver.screen.contains("> | Home") { driver.press("j") }
    driver.press("\r")
    if navigator.stack.count == 3 { driver.press("\u{1B}") }
    #expect(navigator.stack.count == 2)
    #expect(driver.screen.contains("Home >"), "\(driver.screen)")
    driver.press("\u{13}")
    #expect(navigator.stack.count == 1)
    #expect(driver.screen.contains("Home"))
  }

  @Test func datesAreTypedInISOForm() throws {
    let object = DocumentObject(["due": .date(Date(timeIntervalSince1970: 0))])
    let definition = DataDefinition.document(object.root, name: "Dates")
    let model = TableModel(title: "Dates")
    _ = try model.generateSections(for: object, definition: definition, mode: .live)
    let driver = Driver(Navigator(root: Screen(model: model)), rows: 12, columns: 50)
    #expect(driver.screen.contains("1970-01-01"))
    driver.press("\r\u{15}next tuesday\r")
    #expect(driver.screen.contains("! "))
    #expect((try? object.value(forKey: "due")) == .date(Date(timeIntervalSince1970: 0)))
    driver.press("\u{15}2026-11-25\r")
    let due = try object.value(forKey: "due")
    #expect(due.displayText.hasPrefix("2026-11-25"))
    #expect(driver.screen.contains("2026-11-25"))
  }

  @Test func theLoopRunsAScriptToTheEnd() throws {
    let (navigator, _) = try TasksApp.sampleNavigator()
    let terminal = VirtualTerminal(size: TerminalSize(rows: 12, columns: 40))
    var screens: [String] = []
    terminal.beforeEachInput = { screens.append($0.text) }
    terminal.type("?")
    terminal.type("x")
    terminal.script.append(.resized)
    terminal.type("j\u{1B}")
    terminal.script.append(.timedOut)
    terminal.type("q")
    let host = TerminalHost(navigator: navigator, size: terminal.size, usesColor: false)
    #expect(host.run(on: terminal) == .quit)
    #expect(screens[1].contains("Keys (any key closes this)"))
    #expect(screens[2].contains("Tasks"))
    #expect(terminal.wraps.isEmpty)
  }

  @Test func tinyAndHugeTerminalsNeverWrap() throws {
    for (rows, columns) in [(1, 1), (3, 10), (12, 40), (60, 200)] {
      let (navigator, _) = try TasksApp.sampleNavigator()
      let driver = Driver(navigator, rows: rows, columns: columns)
      driver.press("\r")
      driver.press("jjj\r")
      driver.press("?")
      #expect(driver.terminal.wraps.isEmpty, "\(rows)×\(columns): \(driver.terminal.wraps)")
      #expect(driver.terminal.lines.count == rows)
    }
  }
}
