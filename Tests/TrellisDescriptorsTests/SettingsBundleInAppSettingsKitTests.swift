import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// InAppSettingsKit's extensions, read as its source reads them, over its own sample bundle.
@Suite("Settings bundles: InAppSettingsKit")
struct SettingsBundleInAppSettingsKitTests {
  /// InAppSettingsKit's sample bundle.
  static var sample: String {
    TestFixtures.url("SettingsBundles/InAppSettingsKit/Settings.bundle").path
  }

  /// The countries the sample app supplies for `countryCode`, and cities for `radiogroup2`.
  static func choices(_ key: String) -> SettingsChoiceList? {
    switch key {
    case "countryCode":
      SettingsChoiceList(values: ["FR", "DE", "AT"], titles: ["France", "Germany", "Austria"])
    case "radiogroup2":
      SettingsChoiceList(values: ["Seattle", "Boston"], titles: ["Seattle", "Boston"])
    default: nil
    }
  }

  /// A headless app over the sample, read in the app as InAppSettingsKit reads it.
  static func app(
    inApp: Bool = true, choices: @escaping (String) -> SettingsChoiceList? = Self.choices
  ) throws -> (HeadlessApp, SettingsBundleObject) {
    let bundle = try SettingsBundle(at: sample, options: .init(inApp: inApp), choices: choices)
    let values = bundle.values(over: DocumentObject(.dictionary(bundle.initialValues)))
    return (HeadlessApp(navigator: try bundle.makeNavigator(values: values)), values)
  }

  @Test func theSampleReadsWithoutErrorsInSettingsAndInTheApp() throws {
    for inApp in [false, true] {
      for idiom in SettingsIdiom.allCases {
        let result = SettingsBundle.read(
          at: Self.sample, options: .init(idiom: idiom, inApp: inApp), choices: Self.choices)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.map(\.description) == [], "inApp \(inApp), \(idiom)")
        #expect(result.bundle != nil)
      }
    }
  }

  @Test func inTheAppTheInAppPageIsShownWithItsPanes() throws {
    let bundle = try SettingsBundle(at: Self.sample, options: .init(inApp: true))
    #expect(bundle.descriptor.title == .literal("WhereTo"))
    #expect(
      bundle.panes.keys.sorted() == [
        "Account", "Advanced", "Complete", "Fruit", "Listgroup", "Tag",
      ])
    // Settings reads `Root~iphone.plist` on a phone, which pushes `Advanced` only.
    let settings = try SettingsBundle(at: Self.sample)
    #expect(settings.panes.keys.sorted() == ["Advanced"])
    let pad = try SettingsBundle(at: Self.sample, options: .init(idiom: .pad))
    #expect(pad.panes.keys.sorted() == ["Advanced"])
  }

  @Test func numericTitlesShowAsWholeNumbers() throws {
    let (app, _) = try Self.app()
    try app.tap("Complete List")
    let row = try #require(app.row("With Numbers"))
    #expect(row.attributes.choiceTitles == ["0", "1", "2", "3"])
    #expect(row.detail == "0")
  }

  @Test func dynamicValuesComeFromTheApp() throws {
    let (app, values) = try Self.app()
    try app.tap("Complete List")
    let country = try #require(app.row("Country (dynamic)"))
    #expect(country.attributes.choiceTitles == ["Austria", "France", "Germany"], "sorted by title")
    #expect(country.attributes.choices == ["AT", "FR", "DE"])
    try values.setValue("DE", forKey: "countryCode")
    #expect(try values.storedValue(forKey: "countryCode") == "DE")
    #expect(app.texts.contains(["Seattle", "Boston"]), "a radio group of supplied values")
  }

  @Test func withoutTheAppADynamicSpecifierShowsNoChoicesAndWarns() throws {
    let result = SettingsBundle.read(at: Self.sample, options: .init(inApp: true))
    let warnings = result.diagnostics.filter { $0.message.contains("asks the app for them") }
    #expect(warnings.count == 2)
    #expect(
      warnings.allSatisfy { $0.file?.hasSuffix("Complete.plist") == true && $0.location != nil })
    let (app, _) = try Self.app(choices: { _ in nil })
    try app.tap("Complete List")
    #expect(app.row("Country (dynamic)")?.attributes.choiceTitles == [])
  }

  @Test func subtitlesFollowTheValue() throws {
    let (app, values) = try Self.app()
    try app.tap("Complete List")
    let toggles = app.host.table.visible.flatMap(\.items).filter { $0.text == "Boolean Toggle" }
    #expect(toggles.map(\.detail) == [nil, "with subtitle", "with value aware subtitle (yes)"])
    #expect(app.row("Dynamic Subtitle")?.detail == "Some fruit")
    try values.setValue("Banana", forKey: "fruit")
    try app.tap("Advanced")
    try app.send(.back)
    #expect(app.row("Dynamic Subtitle")?.detail == "Yellow fruit")
  }

  @Test func itsSpecifiersBecomeRows() throws {
    let (app, _) = try Self.app()
    #expect(app.row("Button Action 1")?.kind == .button)
    #expect(app.row("Open URL")?.attributes.url == "https://github.com/futuretap/InAppSettingsKit/")
    #expect(app.row("Open URL")?.detail == "inappsettingskit.com")
    #expect(app.row("Custom Field")?.kind == .custom)
    try app.tap("Advanced")
    #expect(app.row("Date")?.kind == .date)
    #expect(app.row("Compact Time")?.kind == .date)
  }

  @Test func inTheAppAPageWithoutItsOwnTableUsesRoots() throws {
    let path = try SettingsBundleSupport.makeBundle([
      "Root.plist": SettingsBundleSupport.page(
        "{ Type = PSChildPaneSpecifier; Title = MORE; File = More; }"),
      "More.plist": SettingsBundleSupport.page("{ Type = PSGroupSpecifier; Title = INSIDE; }"),
      "en.lproj/Root.strings": "\"MORE\" = \"More\";\n\"INSIDE\" = \"Inside\";\n",
    ])
    let inApp = try SettingsBundle(at: path, options: .init(inApp: true))
    #expect(inApp.panes["More"]?.sections.first?.header == .literal("Inside"))
    let settings = try SettingsBundle(at: path)
    #expect(settings.panes["More"]?.sections.first?.header == .literal("INSIDE"))
  }

  @Test func itsListGroupsWebPagesAndAlignmentsHaveTheirMeaningHere() throws {
    let (app, _) = try Self.app()
    let web = try #require(app.row("WebView with apple.com"))
    #expect(web.kind == .link && web.attributes.url == "https://apple.com/")
    #expect(app.row("Open URL (centered)")?.attributes.textAlignment == .center)
    #expect(app.row("Open URL (right)")?.attributes.textAlignment == .right)
    try app.tap("List groups")
    #expect(
      app.host.table.visible.map(\.model.header) == [
        "Tags", "Tags with text fields", "Show Accounts", "Accounts", "DNA",
      ])
    #expect(
      app.texts == [
        ["Add Tag..."], [""], ["Show Accounts"], ["Add Account..."], ["Add Gene..."],
      ])
    try app.tap("Add Tag...")
    #expect(app.top.model.title == "Add Tag...")
    #expect(app.texts == [["Tag"]])
  }
}
