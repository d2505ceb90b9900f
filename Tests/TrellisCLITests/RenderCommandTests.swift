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

/// The tool stands in for the Swift code that `:sel` keys name.
@Suite("trellis render selectors")
struct RenderSelectorTests {
  @Test func functionsShowTheirNameAndActionsAreAccepted() async throws {
    // Without stand-ins, the unregistered function and action would stop the rendering.
    let result = try await CommandRunner.run(
      ["render", "selectors.plist", "--data", "name.json", "--width", "30"],
      in: CommandRunner.inputs)
    #expect(result.errors == "")
    #expect(
      result.output == """
        Selectors
        =========

          +----------------------------+
          | <greetingText>         Ken |
          | Say hello                  |
          +----------------------------+

        """)
  }
}
