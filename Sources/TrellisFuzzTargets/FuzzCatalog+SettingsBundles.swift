import Trellis
import TrellisDescriptors
import TrellisTesting

extension FuzzCatalog {
  /// The Settings bundles among the test fixtures, read as iOS Settings shows them and, for
  /// InAppSettingsKit's sample, as the app shows it, their values in memory.
  package static func settingsBundles() -> [FuzzTarget] {
    [
      ("Settings.bundle", false),
      ("SettingsBundles/InAppSettingsKit/Settings.bundle", true),
    ].map { path, inApp in
      let name = path.hasPrefix("SettingsBundles/") ? "InAppSettingsKit" : "Settings.bundle"
      return FuzzTarget("settings-bundle/\(name)") { _ in
        let bundle = try SettingsBundle(
          at: TestFixtures.url(path).path, options: SettingsBundleOptions(inApp: inApp),
          choices: settingsChoices)
        let values = bundle.values(over: DocumentObject(.dictionary(bundle.initialValues)))
        return try bundle.makeNavigator(values: values)
      }
    }
  }

  /// The choices InAppSettingsKit's sample app supplies in code for its lists.
  private static func settingsChoices(_ key: String) -> SettingsChoiceList? {
    switch key {
    case "countryCode":
      SettingsChoiceList(values: ["FR", "DE", "AT"], titles: ["France", "Germany", "Austria"])
    case "radiogroup2":
      SettingsChoiceList(values: ["Seattle", "Boston"], titles: ["Seattle", "Boston"])
    default: nil
    }
  }
}
