import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// Real Settings bundles from open-source apps, read unchanged: each shows every specifier
/// Settings shows.
@Suite("Settings bundles: open-source apps")
struct SettingsBundleFixtureTests {
  /// The folder of app bundles.
  static var folder: URL { TestFixtures.url("SettingsBundles") }

  /// Each app's name (its folder), in order.
  static var apps: [String] {
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasSuffix(".md") }.sorted()
  }

  /// The specifier types that are rows in Settings; a radio group is a row per value.
  static let rowTypes: Set<String> = [
    "PSTextFieldSpecifier", "PSToggleSwitchSpecifier", "PSSliderSpecifier",
    "PSMultiValueSpecifier", "PSTitleValueSpecifier", "PSChildPaneSpecifier",
    "IASKButtonSpecifier", "IASKTextViewSpecifier", "IASKDatePickerSpecifier",
    "IASKCustomViewSpecifier", "IASKOpenURLSpecifier", "IASKMailComposeSpecifier",
  ]

  /// How many rows Settings shows for the page file at `path` on a phone.
  static func rowsShown(inPage path: String) throws -> Int {
    let data = try Data(contentsOf: URL(fileURLWithPath: path))
    let page = try PropertyListSerialization.propertyList(from: data, format: nil)
    let specifiers = ((page as? [String: Any])?["PreferenceSpecifiers"] as? [[String: Any]]) ?? []
    var count = 0
    for specifier in specifiers {
      if let idioms = specifier["SupportedUserInterfaceIdioms"] as? [String],
        !idioms.contains("Phone")
      {
        continue
      }
      let type = specifier["Type"] as? String ?? ""
      if type == "PSRadioGroupSpecifier" {
        let values = (specifier["Values"] as? [Any])?.count ?? 0
        count += min(values, (specifier["Titles"] as? [Any])?.count ?? 0)
      } else if rowTypes.contains(type) {
        count += 1
      }
    }
    return count
  }

  @Test func thereAreAtLeastTwentyAppsBesidesInAppSettingsKit() {
    #expect(Self.apps.filter { $0 != "InAppSettingsKit" }.count >= 20)
  }

  @Test(arguments: apps)
  func everyBundleReadsWithoutErrors(_ app: String) throws {
    let path = Self.folder.appendingPathComponent(app + "/Settings.bundle").path
    for idiom in SettingsIdiom.allCases {
      let result = SettingsBundle.read(
        at: path, options: .init(idiom: idiom, checksEveryLanguage: true))
      let errors = result.diagnostics.filter { $0.severity == .error }
      #expect(errors.map(\.description) == [], "\(idiom)")
      #expect(result.diagnostics.allSatisfy { $0.file != nil })
    }
  }

  @Test(arguments: apps)
  func everySpecifierSettingsShowsIsARow(_ app: String) throws {
    let path = Self.folder.appendingPathComponent(app + "/Settings.bundle").path
    let bundle = try SettingsBundle(at: path)
    let pages = [("Root", bundle.descriptor)] + bundle.panes.sorted { $0.key < $1.key }
    for (name, descriptor) in pages {
      let file = ["\(name)~iphone.plist", "\(name).plist"]
        .map { path + "/" + $0 }
        .first { FileManager.default.fileExists(atPath: $0) }
      guard let file else { continue }  // A missing pane shows its notice.
      let rows = descriptor.sections.flatMap(\.rows).count
      #expect(rows == (try Self.rowsShown(inPage: file)), "\(name)")
    }
    let values = bundle.values(over: DocumentObject(.dictionary(bundle.initialValues)))
    let headless = HeadlessApp(navigator: try bundle.makeNavigator(values: values))
    #expect(headless.texts.flatMap { $0 }.count == bundle.descriptor.sections.flatMap(\.rows).count)
  }
}
