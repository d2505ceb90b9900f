import Foundation
import Trellis
import TrellisDescriptors
import TrellisTesting

extension FuzzCatalog {
  /// The Settings bundles among the test fixtures, their values in memory: the demo's bundle,
  /// and every app's bundle in `SettingsBundles`, read as iOS Settings shows it, or as the
  /// app shows it for InAppSettingsKit's sample. The sample's lists that ask the app for their
  /// choices get none, as when the app supplies none.
  package static func settingsBundles() -> [FuzzTarget] {
    let apps =
      (try? FileManager.default.contentsOfDirectory(
        atPath: TestFixtures.url("SettingsBundles").path))
      ?? []
    let bundles =
      [("Settings.bundle", "Settings.bundle")]
      + apps.filter { !$0.hasSuffix(".md") }.sorted().map {
        ($0, "SettingsBundles/\($0)/Settings.bundle")
      }
    return bundles.map { name, path in
      FuzzTarget("settings-bundle/\(name)") { _ in
        let bundle = try SettingsBundle(
          at: TestFixtures.url(path).path,
          options: SettingsBundleOptions(inApp: name == "InAppSettingsKit"))
        let values = bundle.values(over: DocumentObject(.dictionary(bundle.initialValues)))
        return try bundle.makeNavigator(values: values)
      }
    }
  }
}
