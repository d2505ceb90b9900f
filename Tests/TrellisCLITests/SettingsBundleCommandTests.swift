import Foundation
import Testing
import TrellisSettings
import TrellisTesting

/// `trellis render|validate|serve PATH/Settings.bundle`.
@Suite("trellis and Settings bundles")
struct SettingsBundleCommandTests {
  @Test func rendersTheBundleAsExpected() async throws {
    let result = try await CommandRunner.run(["render", "Settings.bundle"])
    #expect(result.errors == "")
    #expect(result.status == 0)
    #expect(result.output == (try CommandRunner.expectedText("Settings-bundle.txt")))
  }

  @Test func rendersTheChildPaneInGerman() async throws {
    let result = try await CommandRunner.run([
      "render", "Settings.bundle", "--locale", "de", "--push", "Erweitert",
    ])
    #expect(result.errors == "")
    #expect(result.status == 0)
    #expect(result.output == (try CommandRunner.expectedText("Settings-bundle-de-advanced.txt")))
  }

  @Test func theIdiomPicksThePadPage() async throws {
    let result = try await CommandRunner.run([
      "render", "Settings.bundle", "--idiom", "pad", "--format", "json",
    ])
    #expect(result.status == 0)
    #expect(result.output.contains("\"title\" : \"iPad Settings\""))
    #expect(result.output.contains("\"text\" : \"Split view\""))
  }

  @Test func aPageFileRendersWithItsBundle() async throws {
    let result = try await CommandRunner.run(["render", "Settings.bundle/Advanced.plist"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("Advanced\n"))
    #expect(result.output.contains("Over Wi-Fi only"))
  }

  @Test func theFixtureBundleIsValid() async throws {
    let result = try await CommandRunner.run(["validate", "Settings.bundle"])
    #expect(result.status == 0)
    #expect(result.output == "")
    #expect(result.errors == "1 file checked: 0 errors, 0 warnings\n")
  }

  @Test func aBrokenBundleGetsLocatedDiagnostics() async throws {
    let result = try await CommandRunner.run(
      ["validate", "BrokenSettings.bundle"], in: CommandRunner.inputs)
    #expect(result.status == 1)
    #expect(result.output == (try CommandRunner.expectedText("validate-settings-errors.txt")))
    #expect(result.errors == "1 file checked: 1 error, 4 warnings\n")
  }

  @Test func renderAndServeRefuseABrokenBundle() async throws {
    for command in ["render", "serve"] {
      // The German strings file does not parse: a file Settings would not read at all.
      var arguments = [command, "BrokenSettings.bundle", "--locale", "de"]
      if command == "serve" { arguments += ["--port", "0"] }
      let result = try await CommandRunner.run(arguments, in: CommandRunner.inputs)
      #expect(result.status == 1)
      #expect(result.output == "")
      #expect(result.errors.contains("BrokenSettings.bundle/de.lproj/Root.strings:3:1: error:"))
      #expect(result.errors.contains("BrokenSettings.bundle/Root.plist:23:4: warning:"))
    }
  }

  /// A suite file that does not read is refused by every command, named, and left as it
  /// is: opened as an empty suite, its first edit would replace every value kept in it.
  @Test func aSuiteFileThatDoesNotReadIsRefusedAndKept() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-cli-settings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent("suite.plist")
    let broken = Data(
      "<?xml version=\"1.0\"?><plist version=\"1.0\"><dict><key>username</key><string>keep"
        .utf8)
    try broken.write(to: file)
    for command in ["render", "serve"] {
      var arguments = [command, "Settings.bundle", "--suite", file.path]
      if command == "serve" { arguments += ["--port", "0"] }
      let result = try await CommandRunner.run(arguments)
      #expect(result.status == 1)
      #expect(result.errors.contains(file.path))
      #expect(result.errors.contains("not a property list"))
      #expect(try Data(contentsOf: file) == broken)
    }
  }

  /// A value written to a user-defaults suite in this process is what `trellis`, a second
  /// process, shows.
  @Test func aSecondProcessSeesWhatWasStored() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-cli-settings-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let suite = folder.appendingPathComponent("suite").path
    let store = try UserDefaultsStore(suiteName: suite)
    let settings = store.settings(defaults: ["ringtone": .null, "sounds_enabled": .null])
    try settings.setValue("sonar", forKey: "ringtone")
    try settings.setValue("NO", forKey: "sounds_enabled")
    #expect(store.synchronize())
    let result = try await CommandRunner.run([
      "render", "Settings.bundle", "--suite", suite, "--format", "json",
    ])
    #expect(result.status == 0)
    let snapshot = try #require(
      try JSONSerialization.jsonObject(with: Data(result.output.utf8)) as? [String: Any])
    let rows = ((snapshot["sections"] as? [[String: Any]]) ?? []).flatMap {
      ($0["rows"] as? [[String: Any]]) ?? []
    }
    let ringtone = try #require(rows.first { $0["text"] as? String == "Ringtone" })
    #expect(ringtone["detail"] as? String == "Sonar")
    let sounds = try #require(rows.first { $0["text"] as? String == "Sounds" })
    #expect(sounds["value"] as? Bool == false)
    // Untouched keys show the registered defaults.
    let volume = try #require(rows.first { $0["text"] as? String == "Volume" })
    #expect((volume["value"] as? NSNumber)?.doubleValue == 50)
  }
}
