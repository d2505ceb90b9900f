import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// Helpers shared by the Settings bundle tests.
enum SettingsBundleSupport {
  /// The fixture bundle, with every specifier type, a child pane and two languages.
  static var fixture: String { TestFixtures.url("Settings.bundle").path }

  /// The fixture bundle, read.
  static func bundle(_ options: SettingsBundleOptions = .init()) throws -> SettingsBundle {
    try SettingsBundle(at: fixture, options: options)
  }

  /// A headless app over the fixture bundle, its values in memory.
  static func app(_ options: SettingsBundleOptions = .init()) throws -> (
    HeadlessApp, SettingsBundleObject
  ) {
    let bundle = try bundle(options)
    let values = bundle.values(over: DocumentObject(.dictionary(bundle.initialValues)))
    return (HeadlessApp(navigator: try bundle.makeNavigator(values: values)), values)
  }

  /// A new temporary folder.
  static func temporaryFolder() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-settings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// A bundle folder written from `files` (path in the bundle: text), named `Settings.bundle`
  /// in a new temporary folder.
  static func makeBundle(_ files: [String: String]) throws -> String {
    let folder = try temporaryFolder().appendingPathComponent("Settings.bundle")
    for (name, text) in files {
      let url = folder.appendingPathComponent(name)
      try FileManager.default.createDirectory(
        at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
      try Data(text.utf8).write(to: url)
    }
    return folder.path
  }

  /// The diagnostics of reading `files` as a bundle, with the bundle folder's path removed,
  /// and whether a bundle was read.
  static func problems(_ files: [String: String], options: SettingsBundleOptions = .init())
    throws -> (diagnostics: [String], read: Bool)
  {
    let path = try makeBundle(files)
    let result = SettingsBundle.read(at: path, options: options)
    let texts = result.diagnostics.map {
      $0.description.replacingOccurrences(of: path + "/", with: "")
    }
    return (texts, result.bundle != nil)
  }

  /// An OpenStep page holding `specifiers`.
  static func page(_ specifiers: String...) -> String {
    "{\n  PreferenceSpecifiers = (\n" + specifiers.map { "    " + $0 }.joined(separator: ",\n")
      + "\n  );\n}\n"
  }
}
