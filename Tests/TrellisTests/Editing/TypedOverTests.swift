import Foundation
import Testing
import TrellisExamples
import TrellisSettings
import TrellisTesting

@testable import Trellis

/// Text typed over a value another window changed meanwhile never replaces it unseen: the
/// row names the other's value, and only entering it again (or Done) writes it over.
@Suite("Typing over another's change")
struct TypedOverTests {
  static func id(_ app: HeadlessApp, _ text: String) throws -> RowID {
    try #require(app.row(text), "no row \(text) in \(app.texts)").id
  }

  /// A live settings form writes each value at once: a value typed over one that the other
  /// window has replaced stays on the row, unsaved, until it is entered over the other's.
  @Test func aLiveFormKeepsTypingOverAnotherWindowsValueUntilEnteredAgain() throws {
    try RefusedEntryTests.withSettings { settings, ann, bob in
      let started = try #require(ann.row("Username")?.fieldText)

      try bob.send(.enter(try Self.id(bob, "Username"), .text("bob"), over: started))
      #expect(try settings.value(forKey: "username") == .string("bob"))
      ann.navigator.processChanges()

      try ann.send(.enter(try Self.id(ann, "Username"), .text("ann"), over: started))
      #expect(try settings.value(forKey: "username") == .string("bob"), "Bob's value stays")
      let row = try #require(ann.row("Username"))
      #expect(row.fieldText == "ann", "what Ann typed stays in her field")
      #expect(
        row.validationMessage == "Changed meanwhile to “bob”; enter yours again to replace it")

      // Entered again over the row as it shows now, it replaces Bob's, and the row is plain.
      try ann.send(.enter(try Self.id(ann, "Username"), .text("ann"), over: "ann"))
      #expect(try settings.value(forKey: "username") == .string("ann"))
      #expect(ann.row("Username")?.validationMessage == nil)
      bob.navigator.processChanges()
      #expect(bob.row("Username")?.value == .string("ann"))
    }
  }

  /// Typing over what the row still shows writes at once, numbers compared as numbers.
  @Test func typingOverTheShownValueWritesAtOnce() throws {
    try RefusedEntryTests.withSettings { settings, ann, _ in
      let size = try Self.id(ann, "Font Size")
      #expect(ann.row("Font Size")?.value == .int(17))
      try ann.send(.enter(size, .text("20"), over: "017"))
      #expect(try settings.value(forKey: "fontSize") == .int(20))
      #expect(ann.row("Font Size")?.validationMessage == nil)
      // Refused text typed over is nothing anyone else wrote: no conflict, the refusal stands.
      try ann.send(.enter(size, .text("40"), over: "20"))
      try ann.send(.enter(size, .text("21"), over: "40"))
      #expect(try settings.value(forKey: "fontSize") == .int(21))
    }
  }

  /// A refusal covers the value it was typed over: when another window changes that value
  /// meanwhile, a value entered over the refusal meets the other's, which stays until the
  /// person enters theirs again.
  @Test func aLiveFormsRefusalDoesNotHideAnotherWindowsValue() throws {
    try RefusedEntryTests.withSettings { settings, ann, bob in
      let size = try Self.id(ann, "Font Size")
      try ann.send(.enter(size, .text("40"), over: "17"))
      #expect(ann.row("Font Size")?.validationMessage != nil, "40 is refused")

      try bob.send(.enter(try Self.id(bob, "Font Size"), .text("25"), over: "17"))
      #expect(try settings.value(forKey: "fontSize") == .int(25))
      ann.navigator.processChanges()

      // Ann's field still shows her refused 40: her next entry is typed over that.
      try ann.send(.enter(size, .text("21"), over: "40"))
      #expect(try settings.value(forKey: "fontSize") == .int(25), "Bob's value stays")
      #expect(
        ann.row("Font Size")?.validationMessage
          == "Changed meanwhile to “25”; enter yours again to replace it")
      try ann.send(.enter(size, .text("21"), over: "21"))
      #expect(try settings.value(forKey: "fontSize") == .int(21))
      #expect(ann.row("Font Size")?.validationMessage == nil)

      // A later refusal covers the value as it is then: no conflict with a change of her own.
      try ann.send(.enter(size, .text("50"), over: "21"))
      try ann.send(.enter(size, .text("22"), over: "50"))
      #expect(try settings.value(forKey: "fontSize") == .int(22))
    }
  }

  /// On a detail form the typed value waits for Done, which then writes it over the other's:
  /// the person has seen the other's value on the row.
  @Test func aFormShowsTheOthersValueAndDoneWritesOver() throws {
    let object = DocumentObject(["title": "Notes", "pages": 3])
    let ann = try RefusedEntryTests.form(over: object)
    try object.setValue(.string("Bob's notes"), forKey: "title")
    ann.navigator.processChanges()
    try ann.send(.enter(try Self.id(ann, "Title"), .text("Ann's notes"), over: "Notes"))
    #expect(ann.row("Title")?.validationMessage == "Changed meanwhile to “Bob's notes”")
    #expect(try object.value(forKey: "title") == .string("Bob's notes"))
    try ann.send(.done)
    #expect(try object.value(forKey: "title") == .string("Ann's notes"))
  }

  /// A field bound straight to an object refuses the typing with the other's value named;
  /// typed again over that value, it is written.
  @Test func aBoundFieldRefusesTypingOverAnotherWindowsValue() throws {
    let object = DocumentObject(["title": "Notes"])
    let model = TableModel(title: "Notes")
    let section = Section()
    section.addRow("Title", kind: .textField, binding: RowBinding(object, keyPath: "title"))
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    let title = try Self.id(app, "Title")
    try object.setValue(.string("Bob's notes"), forKey: "title")
    app.navigator.processChanges()
    #expect(
      throws: ScreenError.notApplicable(
        "Title was changed meanwhile to “Bob's notes”; enter yours again to replace it")
    ) { try app.send(.enter(title, .text("Ann's notes"), over: "Notes")) }
    #expect(try object.value(forKey: "title") == .string("Bob's notes"))
    try app.send(.enter(title, .text("Ann's notes"), over: "Bob's notes"))
    #expect(try object.value(forKey: "title") == .string("Ann's notes"))
    // A one-line field shows a value's line breaks as nothing: that is no change.
    try object.setValue(.string("two\nlines"), forKey: "title")
    app.navigator.processChanges()
    try app.send(.enter(title, .text("one line"), over: "twolines"))
    #expect(try object.value(forKey: "title") == .string("one line"))
  }
}
