import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// InAppSettingsKit's list groups, over its sample's page of them: the items stored under a
/// key, each drawn by the `ItemSpecifier`, added by the `AddSpecifier`, deleted when
/// `Deletable`.
@Suite("Settings bundles: InAppSettingsKit's list groups")
struct SettingsBundleListGroupTests {
  /// Items as InAppSettingsKit stores them: child panes' dictionaries, text fields' text.
  static let stored: [String: Value] = [
    "tags": .array([.dictionary(["tag": "swift"]), .dictionary(["tag": "linux"])]),
    "tags2": .array(["red", "green"]),
    "accounts": .array([.dictionary(["username": "ada", "password": "secret"])]),
    "dna": .array(["A", "G"]),
  ]

  /// The sample's list groups page over `stored`.
  static func app(_ stored: [String: Value] = Self.stored) throws -> (
    HeadlessApp, SettingsBundleObject
  ) {
    let (app, values) = try SettingsBundleInAppSettingsKitTests.app()
    for (key, value) in stored { try values.setValue(value, forKey: key) }
    try app.tap("List groups")
    return (app, values)
  }

  @Test func theStoredItemsAreListedAsTheItemSpecifierDrawsThem() throws {
    let (app, _) = try Self.app()
    // A child pane per tag, showing its text; then the row that adds one.
    #expect(app.host.rows(inSection: 0).map(\.text) == ["swift", "linux", "Add Tag..."])
    #expect(
      app.host.rows(inSection: 0).map(\.accessory)
        == Array(repeating: .disclosureIndicator, count: 3))
    // A text field per text, then an empty one that adds.
    let fields = app.host.rows(inSection: 1)
    #expect(fields.map(\.kind) == [.textField, .textField, .textField])
    #expect(fields.map(\.value) == ["red", "green", .null])
    #expect(fields.last?.attributes.placeholder == "New Tag")
    // Each value the add row enters appends an item: it is entered when editing ends, not at a
    // pause in typing. The items' own fields edit in place, as every field does.
    #expect(fields.map(\.attributes.entersValueWhenEditingEnds) == [false, false, true])
    // The app draws each account.
    #expect(app.host.rows(inSection: 3).map(\.kind) == [.custom, .plain])
    // A choice per gene, showing its title.
    #expect(app.host.rows(inSection: 4).map(\.detail) == ["Adenine", "Guanine", nil])
    #expect(app.host.rows(inSection: 4).last?.text == "Add Gene...")
  }

  @Test func anItemsPaneEditsThatItem() throws {
    let (app, values) = try Self.app()
    try app.tap("linux")
    #expect(app.texts == [["Tag"]])
    #expect(app.row("Tag")?.value == "linux")
    try app.enter("wasm", at: "Tag")
    #expect(
      try values.storedValue(forKey: "tags")
        == .array([.dictionary(["tag": "swift"]), .dictionary(["tag": "wasm"])]))
    try app.send(.back)
    #expect(app.host.rows(inSection: 0).map(\.text) == ["swift", "wasm", "Add Tag..."])
  }

  @Test func aTextFieldAddsTheTextEntered() throws {
    let (app, values) = try Self.app()
    let add = app.rowID(at: ItemPath(item: 2, section: 1))
    try app.send(.setValue(add, ""))
    #expect(try values.storedValue(forKey: "tags2") == .array(["red", "green"]))
    try app.send(.setValue(add, "blue"))
    #expect(try values.storedValue(forKey: "tags2") == .array(["red", "green", "blue"]))
    // The new item has its row; the add row is empty again, and adds another. It is a new row,
    // so that every host draws a new, empty field rather than the one just typed in.
    #expect(app.host.rows(inSection: 1).map(\.value) == ["red", "green", "blue", .null])
    #expect(app.rowID(at: ItemPath(item: 3, section: 1)) != add)
    try app.send(.setValue(app.rowID(at: ItemPath(item: 3, section: 1)), "white"))
    #expect(
      try values.storedValue(forKey: "tags2") == .array(["red", "green", "blue", "white"]))
  }

  @Test func aChildPaneAddsADictionaryOfWhatIsEnteredOnIt() throws {
    let (app, values) = try Self.app()
    try app.tap("Add Tag...")
    #expect(app.top.model.title == "Add Tag...")
    #expect(app.row("Tag")?.value == .null)
    // Nothing is added until something is entered.
    #expect(try values.storedValue(forKey: "tags").arrayValue?.count == 2)
    try app.enter("wasm", at: "Tag")
    #expect(app.row("Tag")?.value == "wasm")
    try app.enter("webassembly", at: "Tag")
    #expect(
      try values.storedValue(forKey: "tags").arrayValue?.last
        == .dictionary(["tag": "webassembly"]))
    #expect(try values.storedValue(forKey: "tags").arrayValue?.count == 3)
    try app.send(.back)
    #expect(
      app.host.rows(inSection: 0).map(\.text) == ["swift", "linux", "webassembly", "Add Tag..."])
    // The add row opens an empty page again.
    try app.tap("Add Tag...")
    #expect(app.row("Tag")?.value == .null)
  }

  @Test func aChoiceAddsTheValueChosen() throws {
    let (app, values) = try Self.app()
    try app.tap("Add Gene...")
    try app.tap("Thymine")
    #expect(try values.storedValue(forKey: "dna") == .array(["A", "G", "T"]))
  }

  @Test func deletableItemsAreDeletedFromTheStoredList() throws {
    let (app, values) = try Self.app()
    #expect(app.top.snapshot().barButtons.contains { $0.role == .edit })
    let kept = app.rowID(at: ItemPath(item: 1, section: 0))
    try app.send(.setEditing(true))
    #expect(app.host.rows(inSection: 0).map(\.isDeletable) == [true, true, false])
    try app.send(.delete(app.rowID(at: ItemPath(item: 0, section: 0))))
    #expect(try values.storedValue(forKey: "tags") == .array([.dictionary(["tag": "linux"])]))
    #expect(app.host.rows(inSection: 0).map(\.text) == ["linux", "Add Tag..."])
    // The other item's row stays the same row.
    #expect(app.rowID(at: ItemPath(item: 0, section: 0)) == kept)
    #expect(throws: ScreenError.self) {
      try app.send(.delete(app.rowID(at: ItemPath(item: 1, section: 0))))
    }
  }

  @Test func itemsOfAGroupThatIsNotDeletableStay() throws {
    let path = try SettingsBundleSupport.makeBundle([
      "Root.plist": SettingsBundleSupport.page(
        "{ Type = IASKListGroupSpecifier; Title = Names; Key = names; "
          + "ItemSpecifier = { Type = PSTextFieldSpecifier; }; }")
    ])
    let bundle = try SettingsBundle(at: path, options: .init(inApp: true))
    let values = bundle.values(over: DocumentObject(.dictionary(["names": .array(["Ada"])])))
    let app = HeadlessApp(navigator: try bundle.makeNavigator(values: values))
    #expect(app.host.rows(inSection: 0).map(\.value) == ["Ada"])
    #expect(app.host.rows(inSection: 0).map(\.isDeletable) == [false])
    #expect(!app.top.snapshot().barButtons.contains { $0.role == .edit })
  }

  @Test func partsInAListGroupThatInAppSettingsKitDoesNotDrawAreWarnedAbout() throws {
    let path = try SettingsBundleSupport.makeBundle([
      "Root.plist": SettingsBundleSupport.page(
        "{ Type = IASKListGroupSpecifier; Key = names; "
          + "ItemSpecifier = { Type = PSSliderSpecifier; }; }")
    ])
    let result = SettingsBundle.read(at: path, options: .init(inApp: true))
    #expect(result.bundle != nil)
    #expect(
      result.diagnostics.map(\.message).contains {
        $0.contains("'ItemSpecifier' of type 'PSSliderSpecifier' is not drawn in a list group")
      })
  }
}
