import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// What Settings shows in spite of a fault, Trellis shows, with a located warning.
@Suite("Settings bundles: faults Settings tolerates")
struct SettingsBundleToleranceTests {
  typealias Support = SettingsBundleSupport

  /// The bundle of `files` read, its warnings (folder removed) and a headless app over it.
  private func read(_ files: [String: String]) throws -> (
    warnings: [String], app: HeadlessApp, bundle: SettingsBundle
  ) {
    let path = try Support.makeBundle(files)
    let result = SettingsBundle.read(at: path)
    let texts = result.diagnostics.map {
      $0.description.replacingOccurrences(of: path + "/", with: "")
    }
    #expect(result.diagnostics.allSatisfy { $0.severity == .warning }, "\(texts)")
    let bundle = try #require(result.bundle, "\(texts)")
    let values = bundle.values(over: DocumentObject(.dictionary(bundle.initialValues)))
    return (texts, HeadlessApp(navigator: try bundle.makeNavigator(values: values)), bundle)
  }

  /// An XML page of one multi-value specifier with `default` and `values` as written.
  private func multiValue(default value: String, values: String, titles: String) -> String {
    """
    <?xml version="1.0" encoding="UTF-8"?>
    <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
    <dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>Skip</string>
    <key>Key</key><string>skip</string><key>DefaultValue</key>\(value)
    <key>Values</key><array>\(values)</array>
    <key>Titles</key><array>\(titles)</array></dict>
    </array></dict></plist>
    """
  }

  @Test func aDefaultOfAnotherTypeIsMatchedByValue() throws {
    // VLC writes `<string>3</string>` beside `<integer>3</integer>`.
    let (warnings, app, bundle) = try read([
      "Root.plist": multiValue(
        default: "<string>3</string>",
        values: "<integer>1</integer><integer>3</integer>",
        titles: "<string>1 s</string><string>3 s</string>")
    ])
    #expect(
      warnings == [
        "Root.plist:4:59: warning: specifier 0 (PSMultiValueSpecifier 'Skip'): 'DefaultValue' "
          + "is the string \"3\" but the value it matches is the number 3; it is matched by value"
      ])
    #expect(app.row("Skip")?.detail == "3 s")
    #expect(bundle.defaults["skip"] == 3, "stored as the value it matches")
  }

  @Test func aDecimalDefaultWrittenAsTextIsMatchedToo() throws {
    // Loop writes `<string>0.4</string>` beside `<real>0.4</real>`.
    let (warnings, app, _) = try read([
      "Root.plist": multiValue(
        default: "<string>0.4</string>", values: "<real>0.2</real><real>0.4</real>",
        titles: "<string>Slow</string><string>Fast</string>")
    ])
    #expect(warnings.count == 1)
    #expect(warnings.first?.contains("is matched by value") == true)
    #expect(app.row("Skip")?.detail == "Fast")
  }

  @Test func aDefaultOutsideTheValuesChecksNoChoice() throws {
    // Scribbeo's `Timecode` beside `(1, 0)`.
    let (warnings, app, bundle) = try read([
      "Root.plist": Support.page(
        "{ Type = PSMultiValueSpecifier; Title = Timecode; Key = tc; Titles = (Shown, Hidden); Values = (1, 0); DefaultValue = Timecode; }",
        "{ Type = PSRadioGroupSpecifier; Title = Size; Key = size; Titles = (S, M); Values = (s, m); DefaultValue = xl; }"
      )
    ])
    #expect(
      warnings == [
        "Root.plist:3:123: warning: specifier 0 (PSMultiValueSpecifier 'Timecode'): "
          + "'DefaultValue' Timecode is not one of its 'Values' (1, 0); no choice is checked",
        "Root.plist:4:112: warning: specifier 1 (PSRadioGroupSpecifier 'Size'): 'DefaultValue' "
          + "xl is not one of its 'Values' (s, m); no choice is checked",
      ])
    #expect(app.row("Timecode")?.detail == nil)
    #expect(app.host.rows(inSection: 1).map(\.accessory) == [.none, .none])
    #expect(bundle.defaults["tc"] == nil && bundle.defaults["size"] == nil)
  }

  @Test func titlesAndValuesOfDifferentLengthsShowThePairsThatExist() throws {
    let (warnings, app, _) = try read([
      "Root.plist": Support.page(
        "{ Type = PSMultiValueSpecifier; Title = Colour; Key = colour; Titles = (Red, Green); Values = (red, green, blue); }",
        "{ Type = PSRadioGroupSpecifier; Title = Size; Key = size; Titles = (S, M, L); Values = (s, m); ShortTitles = (s); }"
      )
    ])
    #expect(
      warnings == [
        "Root.plist:3:76: warning: specifier 0 (PSMultiValueSpecifier 'Colour'): 'Titles' has "
          + "2 titles but 'Values' has 3 values; the first 2 pairs are shown",
        "Root.plist:4:72: warning: specifier 1 (PSRadioGroupSpecifier 'Size'): 'Titles' has 3 "
          + "titles but 'Values' has 2 values; the first 2 pairs are shown",
        "Root.plist:4:114: warning: specifier 1 (PSRadioGroupSpecifier 'Size'): 'ShortTitles' "
          + "has 1 title but 'Values' has 2 values; values without a short title show their "
          + "title",
      ])
    #expect(app.row("Colour")?.attributes.choiceTitles == ["Red", "Green"])
    #expect(app.texts.last == ["S", "M"])
  }

  @Test func aMissingChildPaneOpensToANoticeNamingTheFile() throws {
    let (warnings, app, bundle) = try read([
      "Root.plist": Support.page(
        "{ Type = PSChildPaneSpecifier; Title = Acknowledgements; File = Acknowledgements; }",
        "{ Type = PSToggleSwitchSpecifier; Title = Sounds; Key = sounds; }")
    ])
    #expect(
      warnings == [
        "Root.plist:3:69: warning: the child pane 'Acknowledgements' is missing: no "
          + "Acknowledgements.plist in the Settings bundle; its page shows a notice"
      ])
    #expect(app.texts == [["Acknowledgements", "Sounds"]], "the row still shows")
    #expect(bundle.panes.keys.sorted() == ["Acknowledgements"])
    try app.tap("Acknowledgements")
    #expect(app.top.model.title == "Acknowledgements")
    #expect(app.texts == [["Acknowledgements.plist is not in the Settings bundle"]])
  }

  /// A fault is named once, by its cause, and a default's empty text shows as such.
  @Test func eachFaultIsNamedOnceAndClearly() throws {
    let path = try Support.makeBundle([
      "Root.plist": Support.page(
        "{ Type = PSSliderSpecifier; Key = level; MinimumValue = 100; MaximumValue = 0; DefaultValue = 50; }",
        "{ Type = PSMultiValueSpecifier; Title = Tone; Key = tone; DefaultValue = b; Values = (a, b); }",
        "{ Type = PSTextFieldSpecifier; Title = Name; Key = shared; DefaultValue = \"\"; }",
        "{ Type = PSToggleSwitchSpecifier; Title = On; Key = shared; DefaultValue = YES; }")
    ])
    let texts = SettingsBundle.read(at: path).diagnostics.map(\.description)
    #expect(texts.count == 3, "\(texts)")
    #expect(texts.filter { $0.contains("'MinimumValue' 100 is above 'MaximumValue' 0") }.count == 1)
    #expect(!texts.contains { $0.contains("slider's range") }, "\(texts)")
    #expect(texts.contains { $0.contains("no 'Titles'") }, "\(texts)")
    #expect(!texts.contains { $0.contains("'Values' ()") }, "\(texts)")
    #expect(texts.contains { $0.contains(#"has the default Yes here but "" earlier"#) }, "\(texts)")
  }

  @Test func aChildPaneOutsideTheBundleIsNeverRead() throws {
    let path = try Support.makeBundle([
      "Root.plist": Support.page(
        "{ Type = PSChildPaneSpecifier; Title = Secret; File = ../outside; }",
        "{ Type = PSChildPaneSpecifier; Title = Rooted; File = /etc/outside; }")
    ])
    let outside = URL(fileURLWithPath: path).deletingLastPathComponent()
      .appendingPathComponent("outside.plist")
    try Support.page("{ Type = PSGroupSpecifier; Title = SECRET; }").write(
      to: outside, atomically: true, encoding: .utf8)
    defer { try? FileManager.default.removeItem(at: outside) }
    let result = SettingsBundle.read(at: path)
    let texts = result.diagnostics.map(\.description)
    #expect(texts.count == 2 && texts.allSatisfy { $0.contains("outside the Settings bundle") })
    let bundle = try #require(result.bundle)
    let values = bundle.values(over: DocumentObject(.dictionary(bundle.initialValues)))
    let app = HeadlessApp(navigator: try bundle.makeNavigator(values: values))
    try app.tap("Secret")
    #expect(app.texts == [["../outside.plist is not in the Settings bundle"]])
  }

  @Test func togglesAndSlidersOutOfRangeAreWarnings() throws {
    let (warnings, app, _) = try read([
      "Root.plist": Support.page(
        "{ Type = PSSliderSpecifier; Key = a; MinimumValue = 0; MaximumValue = 10; DefaultValue = 11; }",
        "{ Type = PSToggleSwitchSpecifier; Title = C; Key = c; TrueValue = on; FalseValue = off; DefaultValue = yes; }"
      )
    ])
    #expect(warnings.count == 2)
    #expect(warnings.allSatisfy { $0.contains(": warning: ") })
    #expect(app.host.rows(inSection: 0).first?.value == .double(10), "the nearest end")
    #expect(app.row("C")?.value == false)
  }

  @Test func everyWarningIsLocatedInItsFile() throws {
    let path = try Support.makeBundle([
      "Root.plist": Support.page(
        "{ Type = PSMultiValueSpecifier; Title = Colour; Key = colour; Titles = (Red); Values = (red, green); DefaultValue = blue; }",
        "{ Type = PSChildPaneSpecifier; Title = More; File = More; }")
    ])
    let diagnostics = SettingsBundle.read(at: path).diagnostics
    #expect(diagnostics.count == 3)
    #expect(diagnostics.allSatisfy { $0.severity == .warning })
    #expect(
      diagnostics.allSatisfy { $0.location != nil && $0.file?.hasSuffix("Root.plist") == true })
  }
}
