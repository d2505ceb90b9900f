import Foundation
import Testing
import TrellisExamples
import TrellisSettings
import TrellisTesting

@testable import Trellis

/// Input a row refuses stays on a detail screen's row with the reason, and Done is refused
/// until it is replaced: what a person typed is never dropped without a word.
@Suite("Refused entries")
struct RefusedEntryTests {
  /// A form over one document, as every window of the demo's Documents app edits it.
  static func form(over object: DocumentObject) throws -> HeadlessApp {
    let definition = DataDefinition.document(object.root, name: "notes.json")
    let model = TableModel(title: "notes.json")
    let draft = try model.generateSections(for: object, definition: definition, mode: .deferred)
    return HeadlessApp(
      navigator: Navigator(
        root: Screen(model: model, navigationBar: .doneRightCancelLeft, draft: draft)))
  }

  /// Settings in a user defaults suite of their own, removed afterwards, and two windows of
  /// their form.
  static func withSettings(
    _ body: (_ settings: UserDefaultsObject, _ ann: HeadlessApp, _ bob: HeadlessApp) throws -> Void
  ) throws {
    let suite = "trellis-tests-\(UUID().uuidString)"
    let store = try UserDefaultsStore(suiteName: suite)
    defer { UserDefaults().removePersistentDomain(forName: suite) }
    let settings = SettingsApp.settings(in: store)
    try body(
      settings, HeadlessApp(navigator: Navigator(root: try SettingsApp.screen(for: settings))),
      HeadlessApp(navigator: Navigator(root: try SettingsApp.screen(for: settings))))
  }

  static func id(_ app: HeadlessApp, _ text: String) throws -> RowID {
    try #require(app.row(text), "no row \(text) in \(app.texts)").id
  }

  @Test func aRefusedNumberStaysOnItsRowAndDoneIsRefusedUntilItIsReplaced() throws {
    let object = DocumentObject(["title": "Notes", "pages": 3])
    let app = try Self.form(over: object)
    let pages = try Self.id(app, "Pages")
    try app.send(.enter(pages, .text("12.5")))
    let row = try #require(app.row("Pages"))
    #expect(row.validationMessage == "12.5 is not a whole number")
    #expect(row.fieldText == "12.5", "what was typed stays in the field")

    #expect(throws: ScreenError.self) { try app.send(.done) }
    #expect(try object.value(forKey: "pages") == .int(3), "nothing was written")
    #expect(app.top.notice?.contains("12.5 is not a whole number") == true)

    try app.send(.enter(pages, .text("12")))
    #expect(app.row("Pages")?.validationMessage == nil)
    try app.send(.done)
    #expect(try object.value(forKey: "pages") == .int(12))
  }

  @Test func cancelForgetsARefusedEntry() throws {
    let object = DocumentObject(["pages": 3])
    let app = try Self.form(over: object)
    try app.send(.enter(try Self.id(app, "Pages"), .text("many")))
    #expect(app.row("Pages")?.validationMessage == "\"many\" is not a number")
    try app.send(.cancel)
    #expect(app.row("Pages")?.validationMessage == nil)
    #expect(app.row("Pages")?.value == .int(3))
    try app.send(.done)
    #expect(try object.value(forKey: "pages") == .int(3))
  }

  /// Whole numbers past 2^53 are read from their text exactly, not through a fraction.
  @Test func aWholeNumberPastTwoToTheFiftyThirdKeepsItsDigits() throws {
    let object = DocumentObject(["id": 1])
    let app = try Self.form(over: object)
    let id = try Self.id(app, "Id")
    try app.send(.enter(id, .text("9007199254740993")))
    try app.send(.done)
    #expect(try object.value(forKey: "id") == .int(9_007_199_254_740_993))
    try app.send(.enter(id, .text(String(Int.max))))
    try app.send(.done)
    #expect(try object.value(forKey: "id") == .int(Int.max))
  }

  /// Two windows edit one document: the second Done over the same field is refused with a
  /// conflict naming it, as a store's items are; Done again keeps the second person's value.
  @Test func twoWindowsEditingOneFieldOfADocumentMeetAConflict() throws {
    let object = DocumentObject(["title": "Notes", "pages": 3])
    let ann = try Self.form(over: object)
    let bob = try Self.form(over: object)
    try ann.send(.enter(try Self.id(ann, "Title"), .text("Ann's notes")))
    try bob.send(.enter(try Self.id(bob, "Title"), .text("Bob's notes")))
    try bob.send(.enter(try Self.id(bob, "Pages"), .text("4")))
    try ann.send(.done)
    #expect(try object.value(forKey: "title") == .string("Ann's notes"))

    #expect(throws: ScreenError.self) { try bob.send(.done) }
    #expect(try object.value(forKey: "title") == .string("Ann's notes"))
    #expect(bob.top.notice?.contains("Someone else changed Title to “Ann's notes”") == true)
    try bob.send(.done)
    #expect(try object.value(forKey: "title") == .string("Bob's notes"))
    #expect(try object.value(forKey: "pages") == .int(4))
  }

  /// Every window of a settings form shares one object: a change in one shows in the others.
  @Test func aSettingChangedInOneWindowShowsInAnother() throws {
    try Self.withSettings { settings, ann, bob in
      #expect(bob.row("Font Size")?.value == .int(17))
      try ann.send(.enter(try Self.id(ann, "Font Size"), .text("20")))
      bob.navigator.processChanges()
      #expect(bob.row("Font Size")?.value == .int(20))
      // A size the row refuses is kept in Ann's form with the reason, and never saved.
      try ann.send(.enter(try Self.id(ann, "Font Size"), .text("40")))
      #expect(ann.row("Font Size")?.validationMessage == "Font Size is at most 32: 40 is too large")
      bob.navigator.processChanges()
      #expect(bob.row("Font Size")?.value == .int(20))
      #expect(try settings.value(forKey: "fontSize") == .int(20))
    }
  }
}
