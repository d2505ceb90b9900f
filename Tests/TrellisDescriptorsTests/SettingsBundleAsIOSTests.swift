import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// What iOS applies from a bundle, Trellis applies: a text field's `KeyboardType`,
/// `AutocorrectionType` and `AutocapitalizationType` reach its row (a field that names none
/// capitalises nothing), and a language without a folder is shown from its nearest one.
@Suite("Settings bundles: keyboards and languages as iOS applies them")
struct SettingsBundleAsIOSTests {
  @Test func aTextFieldsKeyboardTraitsReachItsRow() throws {
    let path = try SettingsBundleSupport.makeBundle([
      "Root.plist": SettingsBundleSupport.page(
        "{ Type = PSTextFieldSpecifier; Title = Server; Key = server; KeyboardType = URL; "
          + "AutocorrectionType = No; }",
        "{ Type = PSTextFieldSpecifier; Title = PIN; Key = pin; KeyboardType = NumberPad; }",
        "{ Type = PSTextFieldSpecifier; Title = Mail; Key = mail; KeyboardType = EmailAddress; "
          + "AutocorrectionType = Yes; AutocapitalizationType = Words; }",
        "{ Type = PSTextFieldSpecifier; Title = Plain; Key = plain; AutocorrectionType = Default; }"
      )
    ])
    let result = SettingsBundle.read(at: path)
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    let bundle = try #require(result.bundle)
    let values = bundle.values(over: DocumentObject(.dictionary(bundle.initialValues)))
    let app = HeadlessApp(navigator: try bundle.makeNavigator(values: values))
    let server = try #require(app.row("Server")).attributes
    #expect(server.keyboard == .url && server.autocorrects == false)
    #expect(server.autocapitalization == .none, "Settings capitalises nothing unasked")
    #expect(app.row("PIN")?.attributes.keyboard == .numberPad)
    let mail = try #require(app.row("Mail")).attributes
    #expect(mail.keyboard == .emailAddress && mail.autocorrects == true)
    #expect(mail.autocapitalization == .words)
    let plain = try #require(app.row("Plain")).attributes
    #expect(plain.keyboard == nil && plain.autocorrects == nil)
  }

  @Test func anUnknownKeyboardIsAWarningNamingTheNearest() throws {
    let path = try SettingsBundleSupport.makeBundle([
      "Root.plist": SettingsBundleSupport.page(
        "{ Type = PSTextFieldSpecifier; Title = Server; Key = server; KeyboardType = Url; }")
    ])
    let texts = SettingsBundle.read(at: path).diagnostics.map(\.description)
    #expect(texts.count == 1 && texts[0].contains("unknown KeyboardType 'Url'"), "\(texts)")
    #expect(texts.first?.contains("did you mean 'URL'?") == true, "\(texts)")
  }

  /// A language with no folder of its own is shown from the folder of its language for another
  /// region before the development language's, as iOS shows it.
  @Test func aRegionWithoutAFolderTakesItsLanguagesOtherRegion() throws {
    let path = try SettingsBundleSupport.makeBundle([
      "Root.plist": SettingsBundleSupport.page(
        "{ Type = PSToggleSwitchSpecifier; Title = SOUND; Key = sound; }"),
      "en.lproj/Root.strings": "\"SOUND\" = \"Sound\";",
      "es-419.lproj/Root.strings": "\"SOUND\" = \"Sonido\";",
      "zh-Hant.lproj/Root.strings": "\"SOUND\" = \"聲音\";",
      "zh-Hans.lproj/Root.strings": "\"SOUND\" = \"声音\";",
    ])
    for (locale, shown) in [("es-MX", "Sonido"), ("es", "Sonido"), ("zh", "声音"), ("fr", "Sound")] {
      let result = SettingsBundle.read(at: path, options: SettingsBundleOptions(locale: locale))
      let bundle = try #require(result.bundle)
      let values = bundle.values(over: DocumentObject(.dictionary(bundle.initialValues)))
      let app = HeadlessApp(navigator: try bundle.makeNavigator(values: values))
      #expect(app.texts == [[shown]], "\(locale)")
      #expect(result.diagnostics.isEmpty == (locale != "fr"), "\(locale): \(result.diagnostics)")
    }
  }
}
