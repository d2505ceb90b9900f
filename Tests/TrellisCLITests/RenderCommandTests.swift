import Foundation
import Testing

/// `trellis render`, end to end: the seed descriptors against their expected output.
@Suite("trellis render")
struct RenderCommandTests {
  @Test(arguments: [
    (["render", "MyTable.plist"], "MyTable.txt"),
    (["render", "MyTable.plist", "--push", "even simpler/even simpler"], "MyTable-pushed.txt"),
    (
      [
        "render", "ProfileViewController.plist", "--data", "profile-data.json", "--classes",
        "RMSTableViews/RMSDemoClasses.json",
      ],
      "Profile.txt"
    ),
    (
      [
        "render", "ProfileViewController.plist", "--data", "profile-data.json", "--push", "Gender",
        "--classes", "RMSTableViews/RMSDemoClasses.json",
      ],
      "Profile-gender.txt"
    ),
    (
      [
        "render", "RMSSettingsViewController.json", "--data", "settings-data.json", "--format",
        "json", "--classes", "RMSTableViews/RMSDemoClasses.json",
      ],
      "Settings.json"
    ),
    (["render", "GoFish.json", "--data", "gofish-data.json"], "GoFish.txt"),
    (
      [
        "render", "GoFish.json", "--data", "gofish-data.json", "--theme", "Theme.sct", "--format",
        "json",
      ],
      "GoFish-themed.json"
    ),
    (
      [
        "render", "GoFish.json", "--data", "gofish-data.json", "--theme", "Theme.sct", "--color",
        "--width", "40",
      ],
      "GoFish-color.txt"
    ),
  ])
  func rendersAsExpected(arguments: [String], expected: String) async throws {
    let result = try await CommandRunner.run(arguments)
    #expect(result.errors == "")
    #expect(result.status == 0)
    #expect(result.output == (try CommandRunner.expectedText(expected)))
  }

  @Test func pushToAMissingRowNamesTheRows() async throws {
    let result = try await CommandRunner.run(["render", "MyTable.plist", "--push", "even simplr"])
    #expect(result.status == 1)
    #expect(
      result.errors
        == "error: --push: no row 'even simplr' on screen 'My Very Basic Table'; its rows are "
        + "'this is very basic', 'even simpler'\n")
    #expect(result.output == "")
  }

  @Test func descriptorWithErrorsRendersNothing() async throws {
    let result = try await CommandRunner.run(
      ["render", "unbound.json", "--data", "data.json"], in: CommandRunner.inputs)
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(
      result.errors
        == "unbound.json:4:96: error: unknown substitution ':profle' (did you mean ':profile'?)\n")
  }

  @Test func serveRefusesADescriptorWithErrorsBeforeListening() async throws {
    // A descriptor with errors is never served: the same located error as render, exit 1.
    let result = try await CommandRunner.run(
      ["serve", "unbound.json", "--data", "data.json", "--port", "0"], in: CommandRunner.inputs)
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(
      result.errors
        == "unbound.json:4:96: error: unknown substitution ':profle' (did you mean ':profile'?)\n")
  }
}

/// The tool stands in for the functions that `:sel` keys name, and shows an action nobody
/// registered as a disabled row that says why.
@Suite("trellis render selectors")
struct RenderSelectorTests {
  @Test func functionsShowTheirNameAndUnregisteredActionsSayWhyTheyCannotAct() async throws {
    let result = try await CommandRunner.run(
      ["render", "selectors.plist", "--data", "name.json", "--width", "40"],
      in: CommandRunner.inputs)
    #expect(result.status == 0)
    #expect(
      result.errors == "selectors.plist:9:63: warning: no action named 'sayHello' is registered\n")
    #expect(
      result.output == """
        Selectors
        =========

          +--------------------------------------+
          | <greetingText>                   Ken |
          | ~Say hello                           |
          |   ⊘ no action named 'sayHello' is r… |
          +--------------------------------------+

        """)
  }

  @Test func anActionTheClassesNameIsTheAppsAndNoFault() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-app-actions-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    for name in ["selectors.plist", "name.json"] {
      try FileManager.default.copyItem(
        at: CommandRunner.inputs.appendingPathComponent(name),
        to: folder.appendingPathComponent(name))
    }
    try Data(#"{"actions": ["sayHello"]}"#.utf8).write(
      to: folder.appendingPathComponent("classes.json"))
    let strict = try await CommandRunner.run(
      ["validate", "--strict", "selectors.plist", "--classes", "classes.json"], in: folder)
    #expect(strict.status == 0)
    #expect(strict.errors == "1 file checked: 0 errors, 0 warnings\n")
    let shown = try await CommandRunner.run(
      ["render", "selectors.plist", "--data", "name.json", "--classes", "classes.json"],
      in: folder)
    #expect(shown.errors == "")
    #expect(shown.output.contains("~Say hello"))
    #expect(shown.output.contains("⊘ 'sayHello' runs only in the app"))
  }
}
