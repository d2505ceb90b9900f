import Foundation
import Testing

/// `trellis validate`, end to end: every kind of mistake, located.
@Suite("trellis validate")
struct ValidateCommandTests {
  @Test func reportsEveryProblemWithItsLocation() async throws {
    let result = try await CommandRunner.run(
      [
        "validate", "bad-canonical.json", "bad-rcs.plist", "bad-rms.json", "bad-theme.sct",
        "bad.names", "unbound.json", "--data", "data.json",
      ], in: CommandRunner.inputs)
    #expect(result.status == 1)
    #expect(result.output == (try CommandRunner.expectedText("validate-errors.txt")))
    #expect(result.errors.hasPrefix("6 files checked: "))
  }

  @Test func seedFilesAreValid() async throws {
    let result = try await CommandRunner.run([
      "validate", "MyTable.plist", "ProfileViewController.plist", "RMSSettingsViewController.json",
      "GoFish.json", "Theme.sct", "--classes", "RMSTableViews/RMSDemoClasses.json",
    ])
    #expect(result.status == 0)
    #expect(result.output == "MyTable.plist:17:41: warning: push cycle: MyTable → MyTable\n")
    #expect(result.errors == "5 files checked: 0 errors, 1 warning\n")
  }

  @Test func pushCyclesCanBeErrors() async throws {
    let result = try await CommandRunner.run(["validate", "--forbid-push-cycles", "MyTable.plist"])
    #expect(result.status == 1)
    #expect(result.output == "MyTable.plist:17:41: error: push cycle: MyTable → MyTable\n")
  }

  /// A Settings bundle's child pane that leads back to a page above it is a cycle, as a
  /// descriptor's push is.
  @Test func aSettingsBundlesPaneCycleIsNamed() async throws {
    let bundle = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-validate-\(UUID().uuidString)/Settings.bundle")
    try FileManager.default.createDirectory(at: bundle, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: bundle.deletingLastPathComponent()) }
    func page(_ file: String) -> String {
      "{ PreferenceSpecifiers = ( { Type = PSChildPaneSpecifier; Title = Next; File = \(file); } ); }"
    }
    try Data(page("Advanced").utf8).write(to: bundle.appendingPathComponent("Root.plist"))
    try Data(page("Root").utf8).write(to: bundle.appendingPathComponent("Advanced.plist"))
    let warned = try await CommandRunner.run(["validate", bundle.path])
    #expect(warned.status == 0)
    #expect(
      warned.output.hasSuffix("Advanced.plist:1:80: warning: push cycle: Root → Advanced → Root\n"),
      "\(warned.output)")
    #expect(warned.errors == "1 file checked: 0 errors, 1 warning\n")
    let refused = try await CommandRunner.run(["validate", "--forbid-push-cycles", bundle.path])
    #expect(refused.status == 1)
    #expect(refused.output.contains("error: push cycle: Root → Advanced → Root"))
  }

  @Test func aDataDocumentIsNoDescriptorAndSaysWhatShowsIt() async throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-validate-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("people.json")
    try Data(#"{"people": [{"name": "Ada"}]}"#.utf8).write(to: file)
    let result = try await CommandRunner.run(["validate", file.path])
    #expect(result.status == 1)
    #expect(result.output.hasPrefix(file.path + ":1:1: error: not a table descriptor: expected"))
    #expect(
      result.output.hasSuffix(
        "; as data, `trellis render \(file.path)`, `trellis edit \(file.path)` and "
          + "`trellis serve \(file.path)` show it\n"))
    // A list of records is data too, not an RMSTableViews descriptor whose every key is
    // unknown.
    let records = folder.appendingPathComponent("records.json")
    try Data(#"[{"name": "Ada"}, {"name": "Alan", "age": 41}]"#.utf8).write(to: records)
    let listed = try await CommandRunner.run(["validate", records.path])
    #expect(listed.status == 1)
    #expect(
      listed.output.hasPrefix(
        records.path + ":1:1: error: not a table descriptor: a list of records, none with a "
          + "section's 'rows', 'className' or 'properties'; expected a Trellis descriptor"))
    #expect(!listed.output.contains("warning"))
    #expect(listed.errors == "1 file checked: 1 error, 0 warnings\n")
  }

  @Test func unreadableFileIsAnError() async throws {
    let result = try await CommandRunner.run(["validate", "no-such-file.json"])
    #expect(result.status == 1)
    #expect(
      result.output == "no-such-file.json: error: cannot read the file: there is no such file\n")
  }
}

/// Pushes are checked against the descriptors next to the file.
@Suite("trellis validate pushes")
struct ValidatePushTests {
  @Test func missingPushedDescriptorIsAnError() async throws {
    let result = try await CommandRunner.run(
      ["validate", "Inputs/push-missing.plist"], in: CommandRunner.testsDirectory)
    #expect(result.status == 1)
    #expect(
      result.output == """
        Inputs/push-missing.plist:9:70: warning: push cycle: push-missing → push-missing
        Inputs/push-missing.plist:8:61: error: pushes 'Elsewhere', but no Elsewhere.plist or \
        Elsewhere.json is next to it

        """)
  }

  @Test func aSourceFileThatIsNotThereIsAnError() async throws {
    // Rendering or serving it would refuse it: validate says so first.
    let result = try await CommandRunner.run(
      ["validate", "Inputs/sources-missing.json"], in: CommandRunner.testsDirectory)
    #expect(result.status == 1)
    let lines = result.output.split(separator: "\n")
    #expect(lines.count == 2, "\(result.output)")
    #expect(lines.first?.hasPrefix("Inputs/sources-missing.json:3:") == true)
    #expect(lines.first?.contains("error: no document 'nope.json' at ") == true)
    #expect(lines.last?.hasPrefix("Inputs/sources-missing.json:4:") == true)
    #expect(lines.last?.contains("error: no SQLite file 'nope.sqlite' at ") == true)
  }

  @Test func renderFollowsPushesToFilesInOtherFolders() async throws {
    let result = try await CommandRunner.run(
      ["render", "Fixtures/MyTable.plist", "--push", "even simpler"],
      in: CommandRunner.testsDirectory.deletingLastPathComponent())
    #expect(result.status == 0)
    #expect(result.output == (try CommandRunner.expectedText("MyTable-pushed.txt")))
  }
}

/// Every number an option takes is bounded, and the parsers stay quick on hostile files.
@Suite("trellis limits")
struct CommandLimitTests {
  @Test(arguments: ["9223372036854775807", "100000000", "-5", "23", "1001"])
  func aWidthOutsideItsRangeIsRefused(width: String) async throws {
    let result = try await CommandRunner.run(["render", "MyTable.plist", "--width", width])
    #expect(result.status != 0)
    #expect(result.output == "")
    #expect(result.errors.contains("--width") && !result.errors.contains("Fatal error"))
  }

  @Test func theWidestRenderingIsQuick() async throws {
    let result = try await CommandRunner.run(["render", "MyTable.plist", "--width", "1000"])
    #expect(result.status == 0)
    // Groups are 1000 columns wide, indented by two.
    #expect(result.output.split(separator: "\n").map(\.count).max() == 1002)
  }

  @Test func aPortOutsideItsRangeIsRefused() async throws {
    let result = try await CommandRunner.run(["serve", "MyTable.plist", "--port", "70000"])
    #expect(result.status != 0)
    #expect(result.errors.contains("--port must be between 0 and 65535"))
  }

  @Test func aThemeOfAHundredThousandNestedStylesStopsAfterAHundredErrors() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-limits-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let count = 100_000
    let text = String(repeating: "A {", count: count) + String(repeating: "}", count: count)
    try text.write(
      to: folder.appendingPathComponent("nested.sct"), atomically: true, encoding: .utf8)
    let result = try await CommandRunner.run(["validate", "nested.sct"], in: folder)
    #expect(result.duration < .seconds(20))
    #expect(result.status == 1)
    #expect(result.output.contains("too many errors (100); the rest of the file is not checked"))
  }
}
