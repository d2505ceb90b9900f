import Foundation
import Testing
import TrellisTesting

/// `trellis render|validate` over Settings bundles from open-source apps, InAppSettingsKit's
/// sample, and a bundle of faults that Settings tolerates.
@Suite("trellis and real Settings bundles")
struct SettingsBundleFixtureCommandTests {
  /// Each app's bundle, relative to the fixtures folder.
  static var bundles: [String] {
    let folder = CommandRunner.fixtures.appendingPathComponent("SettingsBundles")
    let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
    return names.filter { !$0.hasSuffix(".md") }.sorted().map {
      "SettingsBundles/\($0)/Settings.bundle"
    }
  }

  @Test(arguments: bundles)
  func everyBundleRendersAndValidates(_ bundle: String) async throws {
    let render = try await CommandRunner.run(["render", bundle])
    #expect(render.status == 0, "\(render.errors)")
    #expect(!render.output.isEmpty)
    #expect(!render.errors.contains(": error: "))
    let validate = try await CommandRunner.run(["validate", bundle])
    #expect(validate.status == 0, "\(validate.output)")
    #expect(validate.errors.contains("1 file checked: 0 errors,"))
  }

  @Test func inAppSettingsKitsSampleRendersWholeInTheApp() async throws {
    let sample = "SettingsBundles/InAppSettingsKit/Settings.bundle"
    let root = try await CommandRunner.run(["render", sample, "--in-app"])
    #expect(root.status == 0)
    #expect(root.output.hasPrefix("WhereTo\n"))
    for pane in ["Complete List", "List groups", "Advanced"] {
      let result = try await CommandRunner.run(["render", sample, "--in-app", "--push", pane])
      #expect(result.status == 0, "\(pane): \(result.errors)")
      #expect(!result.errors.contains(": error: "))
    }
    let complete = try await CommandRunner.run([
      "render", sample, "--in-app", "--push", "Complete List", "--format", "json",
    ])
    #expect(complete.output.contains("\"text\" : \"With Numbers\""))
    #expect(complete.output.contains("with value aware subtitle (yes)"))
  }

  @Test func choicesFromADataDocumentFillADynamicSpecifier() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-choices-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let choices = folder.appendingPathComponent("choices.json")
    try Data(
      #"{"countryCode": {"values": ["FR", "DE"], "titles": ["France", "Germany"]}}"#.utf8
    ).write(to: choices)
    let data = folder.appendingPathComponent("data.json")
    try Data(#"{"countryCode": "DE"}"#.utf8).write(to: data)
    let result = try await CommandRunner.run([
      "render", "SettingsBundles/InAppSettingsKit/Settings.bundle", "--in-app", "--push",
      "Complete List", "--choices", choices.path, "--data", data.path,
    ])
    #expect(result.status == 0)
    #expect(result.output.contains("| Country (dynamic)                              Germany > |"))
    #expect(!result.errors.contains("countryCode"), "supplied, so no warning for it")
  }

  @Test func editReadsTheInAppPagesForTheIdiomAndTheAppsChoices() async throws {
    let sample = "SettingsBundles/InAppSettingsKit/Settings.bundle"
    let settingsApp = try await CommandRunner.run(["edit", sample])
    #expect(settingsApp.status == 0)
    #expect(!settingsApp.output.contains("is used in-App"))
    let phone = try await CommandRunner.run(["edit", sample, "--in-app"])
    #expect(phone.output.contains("Root~iphone.inApp.plist is used in-App on iPhone"))
    let pad = try await CommandRunner.run(["edit", sample, "--in-app", "--idiom", "pad"])
    #expect(pad.output.contains("Root~ipad.inApp.plist is used in-App on iPad"))

    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-edit-choices-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let choices = folder.appendingPathComponent("choices.json")
    try Data(#"{"countryCode": {"values": ["FR"], "titles": ["France"]}}"#.utf8).write(to: choices)
    #expect(phone.errors.contains("'Country (dynamic)') has no 'Values'"))
    let supplied = try await CommandRunner.run([
      "edit", sample, "--in-app", "--choices", choices.path,
    ])
    #expect(supplied.status == 0)
    #expect(!supplied.errors.contains("Country (dynamic)"), "supplied, so no warning for it")
  }

  @Test func toleratedFaultsAreWarningsAndTheRowsShow() async throws {
    let validate = try await CommandRunner.run(
      ["validate", "TolerantSettings.bundle"], in: CommandRunner.inputs)
    #expect(validate.status == 0)
    #expect(validate.errors == "1 file checked: 0 errors, 5 warnings\n")
    #expect(
      validate.output.components(separatedBy: "\n").filter { !$0.isEmpty }.allSatisfy {
        $0.hasPrefix("TolerantSettings.bundle/Root.plist:") && $0.contains(": warning: ")
      })
    let render = try await CommandRunner.run(
      ["render", "TolerantSettings.bundle"], in: CommandRunner.inputs)
    #expect(render.status == 0)
    #expect(render.output == (try CommandRunner.expectedText("tolerant-settings.txt")))
    let pushed = try await CommandRunner.run(
      ["render", "TolerantSettings.bundle", "--push", "Acknowledgements"],
      in: CommandRunner.inputs)
    #expect(pushed.status == 0)
    #expect(pushed.output.contains("Acknowledgements.plist is not in the Settings bundle"))
  }

  @Test func strictMakesEveryToleratedFaultAnError() async throws {
    let result = try await CommandRunner.run(
      ["validate", "--strict", "TolerantSettings.bundle"], in: CommandRunner.inputs)
    #expect(result.status == 1)
    #expect(result.errors == "1 file checked: 5 errors, 0 warnings\n")
    let lines = result.output.components(separatedBy: "\n").filter { !$0.isEmpty }
    #expect(lines.count == 5)
    #expect(lines.allSatisfy { $0.contains(": error: ") })
    #expect(lines.contains { $0.contains("matched by value") })
    #expect(lines.contains { $0.contains("no choice is checked") })
    #expect(lines.contains { $0.contains("the first 2 pairs are shown") })
    #expect(lines.contains { $0.contains("the child pane 'Acknowledgements' is missing") })
  }
}
