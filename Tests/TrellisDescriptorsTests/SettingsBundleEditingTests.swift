import Foundation
import Testing
import Trellis
import TrellisSettings
import TrellisTesting

@testable import TrellisDescriptors

@Suite("Settings bundles: editing and persistence", .serialized)
struct SettingsBundleEditingTests {
  typealias Support = SettingsBundleSupport

  @Test func aToggleStoresItsTrueAndFalseValues() throws {
    let (app, values) = try Support.app()
    try app.enter(false, at: "Sounds")
    #expect(try values.storedValue(forKey: "sounds_enabled") == "NO")
    #expect(app.row("Sounds")?.value == false)
    try app.enter(true, at: "Sounds")
    #expect(try values.storedValue(forKey: "sounds_enabled") == "YES")
    try app.tap("Advanced")
    try app.enter(false, at: "Over Wi-Fi only")
    #expect(try values.storedValue(forKey: "wifi_only") == 0)
    // A toggle takes on or off, nothing else.
    #expect(throws: BindingError.self) { try values.setValue("maybe", forKey: "wifi_only") }
  }

  @Test func aSliderStaysWithinItsRange() throws {
    let (app, values) = try Support.app()
    try app.enter(.double(75), at: "Volume")
    #expect(try values.storedValue(forKey: "sound.volume") == .double(75))
    #expect(throws: (any Error).self) { try app.enter(.double(150), at: "Volume") }
    #expect(throws: (any Error).self) { try app.enter(.double(-1), at: "Volume") }
    #expect(app.row("Volume")?.value == .double(75), "a refused value changes nothing")
  }

  @Test func aMultiValueChoosesOneOfItsValues() throws {
    let (app, values) = try Support.app()
    try app.tap("Ringtone")
    #expect(app.top.model.title == "Ringtone")
    #expect(app.texts == [["Chimes", "Marimba", "Sonar"]])
    #expect(app.host.rows(inSection: 0).map(\.accessory) == [.none, .checkmark, .none])
    // Tapping the chosen item keeps it: a multi-value always has a value.
    try app.tap("Marimba")
    #expect(try values.storedValue(forKey: "ringtone") == "marimba")
    if app.navigator.stack.count > 1 { try app.send(.back) }
    try app.tap("Ringtone")
    try app.tap("Sonar")
    #expect(app.navigator.stack.count == 1, "choosing goes back")
    #expect(try values.storedValue(forKey: "ringtone") == "sonar")
    #expect(app.row("Ringtone")?.detail == "Sonar")
    #expect(app.row("Current ringtone")?.detail == "Sonar", "every row of the key follows")
    #expect(throws: BindingError.self) { try values.setValue("bells", forKey: "ringtone") }
    #expect(try values.storedValue(forKey: "ringtone") == "sonar")
  }

  @Test func aRadioGroupMovesItsCheckmark() throws {
    let (app, values) = try Support.app()
    try app.tap("Dark")
    #expect(try values.storedValue(forKey: "theme") == 1)
    #expect(app.host.rows(inSection: 2).map(\.accessory) == [.none, .checkmark, .none])
    try app.tap("Light")
    #expect(try values.storedValue(forKey: "theme") == 0)
    #expect(app.host.rows(inSection: 2).map(\.accessory) == [.checkmark, .none, .none])
  }

  @Test func textAndDatesAreStoredAsTheyAre() throws {
    let (app, values) = try Support.app()
    try app.enter("ada", at: "User name")
    #expect(try values.storedValue(forKey: "username") == "ada")
    try app.tap("Advanced")
    try app.enter("Best, Ada", at: "Signature")
    #expect(try values.storedValue(forKey: "signature") == "Best, Ada")
    let day = try Value.parse("2001-02-03", as: .date)
    try app.enter(day, at: "Birthday")
    #expect(try values.storedValue(forKey: "birthday") == day)
  }

  @Test func defaultsAreRegisteredAndChangesPersist() throws {
    let folder = try Support.temporaryFolder()
    // A suite named by an absolute path is kept at that path plus `.plist`.
    let suite = folder.appendingPathComponent("settings").path
    let bundle = try Support.bundle()
    do {
      let store = try UserDefaultsStore(suiteName: suite)
      let values = bundle.values(in: store)
      #expect(try values.value(forKey: "ringtone") == "marimba", "the registered default")
      #expect(try values.value(forKey: "sounds_enabled") == true)
      let app = HeadlessApp(navigator: try bundle.makeNavigator(values: values))
      try app.tap("Ringtone")
      try app.tap("Chimes")
      try app.enter(false, at: "Sounds")
      try app.enter(.double(20), at: "Volume")
      try app.tap("Advanced")
      try app.enter(true, at: "Sync settings")
      #expect(store.synchronize())
    }
    // What is on disk: the changes, and none of the registered defaults.
    let data = try Data(contentsOf: URL(fileURLWithPath: suite + ".plist"))
    let plist = try #require(
      try PropertyListSerialization.propertyList(from: data, format: nil) as? [String: Any])
    #expect(plist["ringtone"] as? String == "chimes")
    #expect(plist["sounds_enabled"] as? String == "NO")
    #expect((plist["sound.volume"] as? NSNumber)?.doubleValue == 20)
    #expect(plist["sync"] as? Bool == true)
    #expect(plist["theme"] == nil && plist["username"] == nil)
    // A fresh store over the same suite shows them.
    let reopened = bundle.values(in: try UserDefaultsStore(suiteName: suite))
    let app = HeadlessApp(navigator: try bundle.makeNavigator(values: reopened))
    #expect(app.row("Ringtone")?.detail == "Chimes")
    #expect(app.row("Sounds")?.value == false)
    #expect(app.row("Volume")?.value == .double(20))
    #expect(app.host.rows(inSection: 2).map(\.accessory) == [.none, .none, .checkmark])
  }

  @Test func theWebHostsInputIsCheckedByTheRow() throws {
    // Hosts turn what a person entered into a value through the row; a slider refuses what is
    // out of its range before the store sees it.
    let (app, _) = try Support.app()
    let volume = try #require(app.row("Volume"))
    #expect(try volume.value(for: .number(30)) == .double(30))
    #expect(throws: ControlInputError.self) { try volume.value(for: .number(101)) }
  }
}
