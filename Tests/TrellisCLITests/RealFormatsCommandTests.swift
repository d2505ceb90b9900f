import Foundation
import Testing

/// The original libraries' own files, in their shape: RCSTableKit's sample and RMSTableViews'
/// demo descriptors render; app classes are registered with `--classes`; every mistake is
/// located, and `--strict` makes warnings errors.
@Suite("trellis real formats")
struct RealFormatsCommandTests {
  static let samplerWarning =
    "RCSTableSampler/Root.plist:15:39: warning: cannot read 'subBackgroundColor' for the row's "
    + "backgroundColor, so it has none: unknown key 'subBackgroundColor' on Dictionary in key "
    + "path 'subBackgroundColor'\n"

  @Test func rcsTableKitsSampleRenders() async throws {
    let result = try await CommandRunner.run(["render", "RCSTableSampler/Root.plist"])
    #expect(result.status == 0)
    #expect(result.output == (try CommandRunner.expectedText("RCSTableSampler.txt")))
    #expect(result.output.hasPrefix("RCSTable Sampler\n"))
    #expect(result.output.contains("  PERSON\n"))
    #expect(result.errors == Self.samplerWarning)
  }

  @Test func theSampleTakesItsControllersColourFromTheData() async throws {
    let result = try await CommandRunner.run([
      "render", "RCSTableSampler/Root.plist", "--data", "RCSTableSampler/root-controller.json",
      "--format", "json",
    ])
    #expect(result.status == 0 && result.errors == "")
    #expect(result.output.contains(#""backgroundColor" : "cyanColor""#))
    #expect(result.output.contains(#""header" : "Person""#))
  }

  @Test func theSampleSecondRowPushesItselfAgain() async throws {
    let result = try await CommandRunner.run([
      "render", "RCSTableSampler/Root.plist", "--push", "<text:>",
    ])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("[< Back]  RCSTable Sampler\n"))
    #expect(result.output.contains("  PERSON\n"))
  }

  @Test func rmsTableViewsDemoRendersWithItsClassesAndData() async throws {
    let result = try await CommandRunner.run([
      "render", "RMSTableViews/RMSProfileViewController.plist", "--data",
      "RMSTableViews/profile-data.json", "--classes", "RMSTableViews/RMSDemoClasses.json",
    ])
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(result.output == (try CommandRunner.expectedText("RMSProfile.txt")))
  }

  @Test func unregisteredClassesAreWarningsThatSayHowToRegister() async throws {
    let result = try await CommandRunner.run([
      "render", "RMSTableViews/RMSProfileViewController.plist", "--data",
      "RMSTableViews/profile-data.json",
    ])
    #expect(result.status == 0)
    let lines = result.errors.split(separator: "\n")
    #expect(lines.count == 6)
    // The three classes, then the three actions only the app registers.
    #expect(lines.prefix(3).allSatisfy { $0.contains(": warning: unregistered ") })
    #expect(lines.suffix(3).allSatisfy { $0.contains(": warning: no action named ") })
    #expect(
      lines[1].hasSuffix(
        #"{"cells": {"RMSHeightPickerCell": {"like": "RMSRightDetailFormCell"}}}"#))
    // Drawn as the library class, without the chevron of a screen only the app's code pushes.
    #expect(result.output.contains("| Height                                                72 |"))
  }

  @Test func strictMakesWarningsErrors() async throws {
    let loose = try await CommandRunner.run([
      "validate", "RMSTableViews/RMSSettingsViewController.json",
    ])
    #expect(loose.status == 0)
    #expect(loose.errors == "1 file checked: 0 errors, 1 warning\n")
    let strict = try await CommandRunner.run([
      "validate", "--strict", "RMSTableViews/RMSSettingsViewController.json",
    ])
    #expect(strict.status == 1)
    #expect(
      strict.output.hasPrefix(
        "RMSTableViews/RMSSettingsViewController.json:44:22: error: unregistered cell class "
          + "'RMSNamedColorPickerCell'"))
    #expect(strict.errors == "1 file checked: 1 error, 0 warnings\n")
  }

  @Test func everyKeyAndEveryClassValidateStrictlyWhenRegistered() async throws {
    let team = try await CommandRunner.run([
      "validate", "--strict", "RCSTableKit/Team.plist", "--classes",
      "RCSTableKit/team-classes.json", "--data", "RCSTableKit/team-data.json",
    ])
    #expect(team.status == 0 && team.output == "")
    let demo = try await CommandRunner.run([
      "validate", "--strict", "RMSTableViews/RMSProfileViewController.plist",
      "RMSTableViews/RMSSettingsViewController.json", "--classes",
      "RMSTableViews/RMSDemoClasses.json",
    ])
    #expect(demo.status == 0 && demo.output == "")
    #expect(demo.errors == "2 files checked: 0 errors, 0 warnings\n")
  }

  @Test func mistakesInRealFormatsAreLocated() async throws {
    let result = try await CommandRunner.run(
      [
        "validate", "bad-rcs-source.plist", "bad-rms-classes.json", "tint.plist", "--classes",
        "bad-classes.json", "--data", "tint-data.json",
      ], in: CommandRunner.inputs)
    #expect(result.status == 1)
    #expect(result.output == (try CommandRunner.expectedText("validate-real-errors.txt")))
    #expect(result.errors == "3 files checked: 8 errors, 8 warnings\n")
  }

  @Test func aColourTheDataLacksIsAWarningAndAFunctionsColourIsNone() async throws {
    let result = try await CommandRunner.run(
      ["render", "tint.plist", "--data", "name.json", "--width", "30"], in: CommandRunner.inputs)
    #expect(result.status == 0)
    #expect(
      result.errors
        == "tint.plist:5:55: warning: cannot read 'tint' for the row's backgroundColor, so it "
        + "has none: unknown key 'tint' on Dictionary in key path 'tint'\n")
    #expect(result.output.contains("| By selector"))
  }
}
