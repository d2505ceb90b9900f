import Testing
import Trellis
import TrellisExamples

@testable import TrellisTerminal

/// What a terminal sends besides plain keys: pasted text, Alt with a key, Ctrl-L; and what a
/// refused choice and a custom row show.
@Suite("Terminal input")
struct TerminalInputTests {
  typealias Driver = TerminalHostTests.Driver

  /// `text` as a terminal sends it pasted while pastes are bracketed.
  static func pasted(_ text: String) -> String { "\u{1B}[200~" + text + "\u{1B}[201~" }

  /// The text of the field being typed in; `nil` when none is.
  static func typed(_ host: TerminalHost) -> String? {
    guard case .typing(let editor, _) = host.mode else { return nil }
    return editor.text
  }

  @Test func theSessionBracketsPastesWhileItRuns() {
    #expect(FrameWriter.enter.contains("\u{1B}[?2004h"))
    #expect(FrameWriter.leave.contains("\u{1B}[?2004l"))
  }

  /// A paste with a newline goes into the name being typed, whole, on one line; none of its
  /// letters is a command (`e` edit mode, `d` delete).
  @Test func aPasteGoesIntoTheFieldBeingTypedIn() throws {
    let (navigator, _) = try TasksApp.sampleNavigator()
    let driver = Driver(navigator)
    driver.press("\r")
    driver.press("\r\u{15}")
    driver.press(Self.pasted("Pasted line1\rsecond line\ttabbed"))
    #expect(Self.typed(driver.host) == "Pasted line1 second line tabbed")
    #expect(navigator.stack.count == 2)
    #expect(!navigator.top.isEditing)
    driver.press("\r")
    #expect(driver.screen.contains("Pasted line1 second line"), "\(driver.screen)")
  }

  /// A paste where nothing is being typed in is no keys: it quits nothing, deletes nothing.
  @Test func aPasteWhileBrowsingIsIgnored() throws {
    let (navigator, _) = try TasksApp.sampleNavigator()
    let driver = Driver(navigator)
    driver.press(Self.pasted("e\rddyq"))
    #expect(driver.host.exit == nil)
    #expect(navigator.stack.count == 1)
    #expect(!navigator.top.isEditing)
    #expect(driver.screen.contains("Write the report"))
    #expect(driver.screen.contains("Paste goes into a field"))
  }

  /// Alt-y on a form with changes does not answer "Discard the changes?" with y, asked or
  /// not; Alt-b while typing does not leave the field.
  @Test func altWithAKeyNeverAnswersOrCancels() throws {
    let (navigator, _) = try TasksApp.sampleNavigator()
    let driver = Driver(navigator)
    driver.press("\r")
    driver.press("\r\u{15}Changed\r")
    #expect(navigator.top.draft?.hasChanges == true)
    driver.press("\u{1B}y")
    #expect(navigator.stack.count == 2)
    #expect(navigator.top.draft?.hasChanges == true)
    #expect(!driver.screen.contains("Discard"))
    driver.press(TerminalHostTests.escape)
    #expect(driver.screen.contains("Discard the changes on this screen? (y/n)"))
    driver.press("\u{1B}y")
    #expect(driver.screen.contains("Discard the changes on this screen? (y/n)"))
    #expect(navigator.top.draft?.hasChanges == true)
    driver.press("n\r\u{15}abc")
    driver.press("\u{1B}b")
    #expect(Self.typed(driver.host) == "abc")
  }

  @Test func ctrlLPaintsTheWholeScreenAgain() throws {
    let (navigator, _) = try TasksApp.sampleNavigator()
    let driver = Driver(navigator)
    let paints = driver.writer.fullPaints
    driver.press("\u{0C}")
    #expect(driver.writer.fullPaints == paints + 1)
    #expect(driver.lastWrite.contains("\u{1B}[2J"))
    #expect(driver.screen.contains("Write the report"))
    driver.press("?")
    #expect(driver.screen.contains("Ctrl-L"))
  }

  /// The search line takes Ctrl-U, which clears it as it clears a field, and a paste, whose
  /// line breaks are spaces; neither's letters are commands.
  @Test func theSearchLineClearsAndTakesPastes() throws {
    let store = MemoryStore(
      objects: ContactsApp.people(40), definition: try ContactsApp.definition())
    let contacts = try ContactsApp.model(store: store)
    let navigator = Navigator(root: Screen(model: contacts.model))
    let driver = Driver(navigator)
    driver.press("/")
    driver.press("zzq")
    #expect(navigator.top.searchText == "zzq")
    driver.press("\u{15}")
    #expect(navigator.top.searchText == "")
    guard case .searching(let line) = driver.host.mode else {
      Issue.record("Ctrl-U left the search line")
      return
    }
    #expect(line == "")
    driver.press(Self.pasted("ad\ra"))
    #expect(navigator.top.searchText == "ad a")
    #expect(navigator.stack.count == 1)
  }

  /// A choice its section refuses says why in the person's words, without the section's id.
  @Test func aRefusedChoiceSaysWhyPlainly() {
    let model = TableModel(title: "Book")
    model.addSection(
      SelectionSection(
        id: "s1", header: "Author", items: ["Ada", "Grace"], allowsNone: true,
        read: { "Ada" }, write: { _ in "Author is required" }))
    let driver = Driver(Navigator(root: Screen(model: model)))
    for _ in 0..<5 where !driver.screen.contains("> | Grace") { driver.press("j") }
    driver.press("\r")
    #expect(driver.host.status == "Author is required")
    #expect(!driver.screen.contains("refuses"), "\(driver.screen)")
  }

  /// A custom row shows its controls' values, not the tags they are bound by.
  @Test func aCustomRowShowsItsValues() throws {
    let state = try EditingShapes.State()
    let screen = try #require(EditingShapes.screen(named: "Custom row", state: state))
    let driver = Driver(Navigator(root: screen), rows: 24, columns: 80)
    #expect(!driver.screen.contains("{1, 2, 3}"), "\(driver.screen)")
    let card = driver.terminal.lines.first { $0.contains("Card") } ?? ""
    #expect(card.contains("Ada, Tables as data"), "\(driver.screen)")
  }
}
