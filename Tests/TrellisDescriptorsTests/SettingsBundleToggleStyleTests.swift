import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// InAppSettingsKit's `IASKToggleStyle`: `Checkmark` draws a toggle as a row with a checkmark
/// that a tap turns on and off, storing the toggle's own values; `Switch` is a switch.
@Suite("Settings bundles: InAppSettingsKit's toggle style")
struct SettingsBundleToggleStyleTests {
  typealias Support = SettingsBundleSupport

  @Test func theSamplesCheckmarkToggleTurnsOnAndOff() throws {
    let (app, values) = try SettingsBundleInAppSettingsKitTests.app()
    try app.tap("Complete List")
    let off = try #require(app.row("Checkmark Toggle"))
    #expect(off.kind == .plain)
    #expect(off.accessory == .none)
    #expect(try values.storedValue(forKey: "toggle_checkmark") == "bar")
    try app.tap("Checkmark Toggle")
    #expect(app.row("Checkmark Toggle")?.accessory == .checkmark)
    #expect(try values.storedValue(forKey: "toggle_checkmark") == "foo")
    try app.tap("Checkmark Toggle")
    #expect(app.row("Checkmark Toggle")?.accessory == Accessory.none)
    #expect(try values.storedValue(forKey: "toggle_checkmark") == "bar")
    // The sample's other toggles stay switches.
    #expect(app.row("Boolean Toggle")?.kind == .switch)
  }

  @Test func anUnknownStyleIsAWarningAndLeavesASwitch() throws {
    let path = try Support.makeBundle([
      "Root.plist": Support.page(
        "{ Type = PSToggleSwitchSpecifier; Title = Sync; Key = sync; IASKToggleStyle = Chekmark; }",
        "{ Type = PSToggleSwitchSpecifier; Title = Wifi; Key = wifi; IASKToggleStyle = Switch; }"
      )
    ])
    let result = SettingsBundle.read(at: path)
    #expect(
      result.diagnostics.map { $0.description.replacingOccurrences(of: path + "/", with: "") }
        == [
          "Root.plist:3:83: warning: specifier 0 (PSToggleSwitchSpecifier 'Sync'): unknown "
            + "IASKToggleStyle 'Chekmark' is ignored (did you mean 'Checkmark'?)"
        ])
    let bundle = try #require(result.bundle)
    let values = bundle.values(over: DocumentObject(.dictionary(bundle.initialValues)))
    let app = HeadlessApp(navigator: try bundle.makeNavigator(values: values))
    #expect(app.row("Sync")?.kind == .switch)
    #expect(app.row("Wifi")?.kind == .switch)
  }
}
