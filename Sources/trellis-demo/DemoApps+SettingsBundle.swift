import Foundation
import Trellis
import TrellisDescriptors
import TrellisSettings
import TrellisWeb

extension DemoApps {
  /// The Settings bundle the demo shows unless told otherwise: the test fixtures' bundle, which
  /// has every specifier type, a child pane, and English and German strings.
  static let fixtureSettingsBundle = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // trellis-demo
    .deletingLastPathComponent()  // Sources
    .deletingLastPathComponent()  // the repository
    .appendingPathComponent("Tests/Fixtures/Settings.bundle").path

  /// An iOS Settings bundle, read unchanged, with its titles in `locale`. Its values live in
  /// the user-defaults suite "trellis-demo-settings-bundle", where the bundle's defaults are
  /// registered: what a person sets is there at the next launch.
  static func settingsBundleApp(path: String, locale: String) throws -> WebApp {
    let bundle = try SettingsBundle(at: path, options: SettingsBundleOptions(locale: locale))
    let store = try UserDefaultsStore(suiteName: "trellis-demo-settings-bundle")
    let values = bundle.values(in: store)
    return WebApp(
      id: "settings-bundle", title: "Settings Bundle",
      subtitle: "An iOS Settings.bundle, unchanged", sharing: values
    ) { values in
      // The bundle's one button: every key forgets what was stored, and shows its default.
      // The library gives it, so the button is enabled; it acts on the values its row shows.
      let reset: @Sendable (RowContext) -> Void = { context in
        guard let values = context.object as? SettingsBundleObject else { return }
        for key in bundle.initialValues.keys { try? values.base.setValue(.null, forKey: key) }
        values.onChange?("")
      }
      return try bundle.makeNavigator(
        values: values, library: bundle.library(actions: ["resetSettings": reset]))
    }
  }
}
