import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

@Suite("Settings bundles: diagnostics")
struct SettingsBundleDiagnosticTests {
  typealias Support = SettingsBundleSupport

  @Test func aMalformedPlistIsLocatedAndNothingIsRead() throws {
    let (problems, read) = try Support.problems([
      "Root.plist": """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
      \t<key>PreferenceSpecifiers</key>
      \t<array>
      \t\t<dict><key>Type</key><string>PSGroupSpecifier</strin></dict>
      \t</array>
      </dict>
      </plist>
      """
    ])
    #expect(!read)
    #expect(problems.count == 1)
    #expect(problems.first?.hasPrefix("Root.plist:6:") == true)
    #expect(problems.first?.contains("error:") == true)
  }

  @Test func aSliderWithoutItsRangeIsAnError() throws {
    let (problems, read) = try Support.problems([
      "Root.plist": Support.page("{ Type = PSSliderSpecifier; Key = d; MaximumValue = 1; }")
    ])
    #expect(!read)
    #expect(
      problems == [
        "Root.plist:3:5: error: missing required key 'MinimumValue' in specifier 0 "
          + "(PSSliderSpecifier 'd')"
      ])
  }

  @Test func aMissingTypeIsAnErrorAndAMissingKeyAWarning() throws {
    let (problems, _) = try Support.problems([
      "Root.plist": Support.page(
        "{ Type = PSTextFieldSpecifier; Title = Name; }", "{ Title = Orphan; }",
        "{ Type = PSChildPaneSpecifier; Title = More; }")
    ])
    #expect(
      problems == [
        "Root.plist:3:14: warning: specifier 0 (PSTextFieldSpecifier 'Name') has no 'Key'; the "
          + "row is shown but stores nothing",
        "Root.plist:4:5: error: missing required key 'Type' in specifier 1",
        "Root.plist:5:14: warning: specifier 2 (PSChildPaneSpecifier 'More') has no 'File'; the "
          + "row is shown but opens nothing",
      ])
  }

  @Test func aRowWithoutAKeyOrFileIsShownUnbound() throws {
    let path = try Support.makeBundle([
      "Root.plist": Support.page(
        "{ Type = PSTextFieldSpecifier; Title = Name; }",
        "{ Type = PSChildPaneSpecifier; Title = More; }")
    ])
    let bundle = try SettingsBundle(at: path)
    let values = bundle.values(over: DocumentObject(.dictionary(bundle.initialValues)))
    let app = HeadlessApp(navigator: try bundle.makeNavigator(values: values))
    #expect(app.texts == [["Name", "More"]])
    #expect(app.row("Name")?.kind == .textField)
    #expect(app.row("More")?.accessory == Accessory.none)
  }

  @Test func anUnknownTypeIsAWarningAndItsRowIsSkipped() throws {
    let path = try Support.makeBundle([
      "Root.plist": Support.page(
        "{ Type = PSToggleSwitchSpecifer; Title = Typo; Key = typo; }",
        "{ Type = PSFancySpecifier; Title = Fancy; }",
        "{ Type = PSToggleSwitchSpecifier; Titel = Wi-Fi; Key = wifi; }")
    ])
    let result = SettingsBundle.read(at: path)
    #expect(
      result.diagnostics.map { $0.description.replacingOccurrences(of: path + "/", with: "") } == [
        "Root.plist:3:14: warning: unknown specifier type 'PSToggleSwitchSpecifer' in specifier "
          + "0; the row is skipped (did you mean 'PSToggleSwitchSpecifier'?)",
        "Root.plist:4:14: warning: unknown specifier type 'PSFancySpecifier' in specifier 1; "
          + "the row is skipped",
        "Root.plist:5:39: warning: unknown key 'Titel' in specifier 2 "
          + "(PSToggleSwitchSpecifier 'wifi') is ignored (did you mean 'Title'?)",
      ])
    let bundle = try #require(result.bundle)
    #expect(bundle.descriptor.sections.flatMap(\.rows).map(\.kind) == [.switch])
  }

  @Test func aStringsFileWithASyntaxErrorStopsTheBundle() throws {
    let (problems, read) = try Support.problems([
      "Root.plist": Support.page("{ Type = PSGroupSpecifier; Title = GROUP; }"),
      "en.lproj/Root.strings": "\"GROUP\" = \"Group\";\n\"OTHER\" = \"Other\"\n",
    ])
    #expect(!read)
    #expect(
      problems == ["en.lproj/Root.strings:3:1: error: expected ';' after the value of 'OTHER'"])
  }

  @Test func otherLanguagesAreCheckedWhenAsked() throws {
    let files = [
      "Root.plist": Support.page("{ Type = PSGroupSpecifier; Title = GROUP; }"),
      "en.lproj/Root.strings": "\"GROUP\" = \"Group\";\n",
      "fr.lproj/Root.strings": "\"GROUP\" = \"Groupe\"\n",
    ]
    #expect(try Support.problems(files).read, "English alone is fine")
    let (problems, read) = try Support.problems(
      files, options: SettingsBundleOptions(checksEveryLanguage: true))
    #expect(!read)
    #expect(
      problems == ["fr.lproj/Root.strings:2:1: error: expected ';' after the value of 'GROUP'"])
  }

  @Test func aBundleWithoutARootPage() throws {
    let (problems, read) = try Support.problems(["Other.plist": Support.page()])
    #expect(!read)
    #expect(problems.count == 1 && problems[0].contains("no Root.plist in the Settings bundle"))
  }

  @Test func aPageThatIsNotADictionaryOfSpecifiers() throws {
    let (problems, read) = try Support.problems([
      "Root.plist": "{ PreferenceSpecifiers = ( Hello ); }"
    ])
    #expect(!read)
    #expect(
      problems == [
        "Root.plist:1:28: error: specifier 0 must be a dictionary, not the string \"Hello\""
      ])
  }
}
