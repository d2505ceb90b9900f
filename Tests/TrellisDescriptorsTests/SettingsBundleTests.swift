import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

@Suite("Settings bundles: reading")
struct SettingsBundleTests {
  typealias Support = SettingsBundleSupport

  @Test func theFixtureReadsWithoutAnyProblem() throws {
    for idiom in SettingsIdiom.allCases {
      let result = SettingsBundle.read(
        at: Support.fixture, options: SettingsBundleOptions(idiom: idiom, checksEveryLanguage: true)
      )
      #expect(result.diagnostics.map(\.description) == [])
      #expect(result.bundle != nil)
    }
  }

  @Test func everySpecifierBecomesItsRow() throws {
    let (app, _) = try Support.app()
    #expect(app.top.model.title == "Settings")
    let sections = app.host.table.visible
    #expect(sections.map(\.model.header) == ["Account", "Sound", "Appearance", "More"])
    #expect(
      sections.map(\.model.footer) == [
        "You are signed in automatically.\nSign out from the app.", nil,
        "\"Automatic\" follows the system.", nil,
      ])
    #expect(
      app.texts == [
        ["User name", "Password"],
        ["Sounds", "Volume", "Ringtone", "Text size", "Current ringtone", "Version"],
        ["Light", "Dark", "Automatic"],
        ["Advanced", "Reset all settings", "Help on the web", "Send feedback"],
      ])
    #expect(
      sections.flatMap(\.items).map(\.kind) == [
        .textField, .textField, .switch, .slider, .selection, .selection, .label, .label,
        .plain, .plain, .plain, .plain, .button, .link, .link,
      ])
  }

  @Test func textFieldsKeepTheirAttributes() throws {
    let (app, _) = try Support.app()
    let name = try #require(app.row("User name"))
    #expect(name.attributes.placeholder == "Your name")
    #expect(name.attributes.autocapitalization == RowAttributes.Autocapitalization.none)
    #expect(name.attributes.isSecure == false)
    #expect(name.value == "")
    #expect(app.row("Password")?.attributes.isSecure == true)
  }

  @Test func valuesShowTheirDefaultsMappedThroughTheirTitles() throws {
    let (app, _) = try Support.app()
    #expect(app.row("Sounds")?.value == true)
    let volume = try #require(app.row("Volume"))
    #expect(volume.value == .double(50))
    #expect(volume.attributes.minimum == 0 && volume.attributes.maximum == 100)
    #expect(app.row("Ringtone")?.detail == "Marimba")
    #expect(app.row("Ringtone")?.accessory == .disclosureIndicator)
    // Sorted by title, shown by its short title.
    #expect(app.row("Text size")?.attributes.choiceTitles == ["Large", "Medium", "Small"])
    #expect(app.row("Text size")?.attributes.choices == [20, 17, 14])
    #expect(app.row("Text size")?.detail == "M")
    #expect(app.row("Current ringtone")?.detail == "Marimba")
    #expect(app.row("Version")?.value == "1.0 (42)")
    #expect(
      app.host.rows(inSection: 2).map(\.accessory) == [.none, .none, .checkmark],
      "the radio group checks its default")
    #expect(app.row("Advanced")?.accessory == .disclosureIndicator)
    #expect(app.row("Help on the web")?.attributes.url == "https://example.com/help")
    #expect(
      app.row("Send feedback")?.attributes.url
        == "mailto:support@example.com?subject=Settings%20feedback")
  }

  @Test func theChildPanePushesItsPage() throws {
    let (app, _) = try Support.app()
    try app.tap("Advanced")
    #expect(app.navigator.stack.count == 2)
    #expect(app.top.model.title == "Advanced")
    #expect(
      app.texts == [
        ["Sync settings", "Over Wi-Fi only", "Brightness"],
        ["Signature", "Birthday", "Accent colour"],
      ])
    #expect(
      app.host.table.visible.map(\.model.footer) == [
        "Syncing uses your account — see \\Help.", nil,
      ])
    #expect(
      app.host.table.visible.flatMap(\.items).map(\.kind) == [
        .switch, .switch, .slider, .textView, .date, .custom,
      ])
    #expect(app.row("Sync settings")?.value == false)
    #expect(app.row("Over Wi-Fi only")?.value == true, "TrueValue 1 is on")
    #expect(app.row("Brightness")?.value == .double(0.5))
    #expect(app.row("Signature")?.value == "Sent from Trellis")
    #expect(app.row("Accent colour")?.attributes.template == "accent_colour")
  }

  @Test func theBundleGathersDefaultsAndRules() throws {
    let bundle = try Support.bundle()
    #expect(bundle.panes.keys.sorted() == ["Advanced"])
    #expect(bundle.defaults["sounds_enabled"] == "YES")
    #expect(bundle.defaults["sound.volume"] == .double(50))
    #expect(bundle.defaults["theme"] == 2)
    #expect(bundle.defaults["wifi_only"] == 1)
    #expect(bundle.defaults["password"] == nil, "no DefaultValue, nothing registered")
    #expect(bundle.initialValues["password"] == "")
    #expect(bundle.rules["sounds_enabled"] == .toggle(on: "YES", off: "NO"))
    #expect(bundle.rules["sound.volume"] == .number(minimum: 0, maximum: 100))
    #expect(bundle.rules["ringtone"] == .choice(["chimes", "marimba", "sonar"]))
    #expect(bundle.rules["app_version"] == nil, "a title-value is only shown")
    #expect(bundle.actionNames == ["resetSettings"])
  }

  @Test func titlesComeFromTheChosenLanguageOrStayAsWritten() throws {
    let (app, _) = try Support.app(SettingsBundleOptions(locale: "de"))
    #expect(app.top.model.title == "Einstellungen")
    #expect(app.host.table.visible.map(\.model.header) == ["Konto", "Ton", "Darstellung", "Mehr"])
    #expect(app.row("Lautstärke")?.kind == .slider)
    #expect(app.row("Textgröße")?.attributes.choiceTitles == ["Groß", "Klein", "Mittel"])
    // Keys the German table lacks are shown as written.
    #expect(app.row("CURRENT_RINGTONE")?.detail == "Marimba")
    #expect(app.row("Benutzername")?.attributes.placeholder == "USERNAME_PLACEHOLDER")
    // `de-CH` falls back to `de`; the child pane reads its own table.
    let (swiss, _) = try Support.app(SettingsBundleOptions(locale: "de-CH"))
    try swiss.tap("Erweitert")
    #expect(swiss.top.model.title == "Erweitert")
    #expect(swiss.texts.first?.first == "Einstellungen synchronisieren")
  }

  /// iOS shows a bundle's development language where the language asked for has no folder.
  @Test func aLanguageWithoutStringsShowsEnglishAndWarns() throws {
    let result = SettingsBundle.read(
      at: Support.fixture, options: SettingsBundleOptions(locale: "fr"))
    #expect(result.diagnostics.map(\.severity) == [.warning])
    #expect(
      result.diagnostics.first?.message
        == "no fr.lproj in the Settings bundle: titles are shown as en.lproj gives them")
    let (app, _) = try Support.app(SettingsBundleOptions(locale: "fr"))
    #expect(app.top.model.title == "Settings")
    #expect(
      app.host.table.visible.map(\.model.header) == ["Account", "Sound", "Appearance", "More"])
  }

  /// A language folder is found whatever its case, and Chinese by its script as well as its
  /// region: a-Shell's `zh_cn.lproj` for `zh_CN` and for `zh-Hans`, as iOS finds it.
  @Test func aLanguageFolderIsFoundWhateverItsCase() throws {
    let path = TestFixtures.url("SettingsBundles/a-Shell/Settings.bundle").path
    for locale in ["zh_CN", "zh-CN", "zh_cn", "zh-Hans", "zh_Hans", "zh-Hans-CN"] {
      let options = SettingsBundleOptions(locale: locale)
      let result = SettingsBundle.read(at: path, options: options)
      #expect(!result.diagnostics.contains { $0.message.contains("lproj") }, "\(locale)")
      let bundle = try SettingsBundle(at: path, options: options)
      let values = bundle.values(over: DocumentObject(.dictionary(bundle.initialValues)))
      let app = HeadlessApp(navigator: try bundle.makeNavigator(values: values))
      #expect(app.texts.first?.first == "在 Vim 中打开文件:", "\(locale): \(app.texts)")
    }
  }

  @Test func theIdiomPicksThePageVariantAndTheSpecifiers() throws {
    let (pad, _) = try Support.app(SettingsBundleOptions(idiom: .pad))
    #expect(pad.top.model.title == "iPad Settings")
    #expect(pad.texts == [["Split view", "Advanced"]])
    // On a phone the root page's pad-only toggle is left out.
    let (phone, _) = try Support.app()
    #expect(phone.row("Split view") == nil)
    // A page given by its file reads that file.
    let page = try SettingsBundle(at: Support.fixture + "/Root~ipad.plist")
    #expect(page.descriptor.title == .literal("iPad Settings"))
  }

  @Test func aPageAloneReadsAsADescriptor() throws {
    let data = try Data(contentsOf: URL(fileURLWithPath: Support.fixture + "/Advanced.plist"))
    let result = TableDescriptor.read(data: data, file: "Advanced.plist")
    #expect(result.diagnostics == [])
    let descriptor = try #require(result.descriptor)
    #expect(descriptor.format == .settingsBundle)
    #expect(descriptor.title == .literal("ADVANCED_TITLE"), "no strings table: keys as written")
    #expect(descriptor.sections.map(\.rows.count) == [3, 3])
  }

  @Test func numbersAndBooleansAreOneValueAsInFoundation() throws {
    // Real bundles write a toggle's default as 1, a choice's as 2.0, a child pane with `.plist`.
    let path = try Support.makeBundle([
      "Root.plist": """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>PreferenceSpecifiers</key><array>
      <dict><key>Type</key><string>PSToggleSwitchSpecifier</string><key>Title</key><string>On</string>
      <key>Key</key><string>on</string><key>DefaultValue</key><integer>1</integer></dict>
      <dict><key>Type</key><string>PSMultiValueSpecifier</string><key>Title</key><string>Level</string>
      <key>Key</key><string>level</string><key>DefaultValue</key><real>2</real>
      <key>Titles</key><array><string>One</string><string>Two</string></array>
      <key>Values</key><array><integer>1</integer><integer>2</integer></array></dict>
      <dict><key>Type</key><string>PSChildPaneSpecifier</string><key>Title</key><string>More</string>
      <key>File</key><string>More.plist</string></dict>
      </array></dict></plist>
      """,
      "More.plist": Support.page("{ Type = PSGroupSpecifier; Title = Inside; }"),
    ])
    let bundle = try SettingsBundle(at: path)
    #expect(bundle.defaults["on"] == true)
    #expect(bundle.defaults["level"] == 2)
    #expect(bundle.panes.keys.sorted() == ["More"])
    let values = bundle.values(over: DocumentObject(.dictionary(bundle.initialValues)))
    let app = HeadlessApp(navigator: try bundle.makeNavigator(values: values))
    #expect(app.row("On")?.value == true)
    #expect(app.row("Level")?.detail == "Two")
    try app.tap("More")
    #expect(app.top.model.title == "More")
  }

  @Test func anOpenStepPageReads() throws {
    let path = try Support.makeBundle([
      "Root.plist": Support.page(
        "{ Type = PSToggleSwitchSpecifier; Title = Wi-Fi; Key = wifi; DefaultValue = YES; }",
        "{ Type = PSSliderSpecifier; Key = level; MinimumValue = 1; MaximumValue = 5; DefaultValue = 3; }",
        "{ Type = PSMultiValueSpecifier; Title = Mode; Key = mode; Titles = (A, B); Values = (1, 2); DefaultValue = 2; }"
      )
    ])
    let bundle = try SettingsBundle(at: path)
    #expect(bundle.defaults["wifi"] == true)
    #expect(bundle.defaults["level"] == .double(3))
    #expect(bundle.defaults["mode"] == "2")
    #expect(bundle.descriptor.sections.first?.rows.map(\.kind) == [.switch, .slider, .selection])
  }
}
