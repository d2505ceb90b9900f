import ArgumentParser
import TrellisDescriptors

/// The options of a command that reads a Settings bundle: the language of its titles, the
/// idiom, the pages and choices the app supplies, and where the values are kept.
struct SettingsBundleArguments: ParsableArguments {
  @Option(help: "Settings bundles: the language of the titles (LANGUAGE.lproj's strings).")
  var locale = "en"

  @Option(help: "Settings bundles: phone or pad (picks Root~iphone.plist or Root~ipad.plist).")
  var idiom: SettingsIdiom = .phone

  @Flag(
    help: """
      Settings bundles: read pages as InAppSettingsKit shows them in the app \
      (Root.inApp.plist before Root.plist).
      """)
  var inApp = false

  @Option(
    help: ArgumentHelp(
      "Settings bundles: a data document of the values and titles the app supplies at run time.",
      discussion: #"{"countryCode": {"values": ["de", "fr"], "titles": ["Germany", "France"]}}"#))
  var choices: String?

  @Option(
    help: """
      Settings bundles: keep the values in this user-defaults suite, so that edits persist \
      (on Linux in $XDG_CONFIG_HOME/SUITE.plist; an absolute path names the file, \
      /tmp/values or /tmp/values.plist keeping them in /tmp/values.plist).
      """)
  var suite: String?

  /// The suite to open: a path's `.plist` is left out, since Foundation adds it to a suite
  /// named by a path, and `--suite /tmp/values.plist` means that file.
  var suiteName: String? {
    guard let suite, suite.hasPrefix("/"), suite.hasSuffix(".plist") else { return suite }
    return String(suite.dropLast(".plist".count))
  }

  /// Where the suite's values are kept, in words: the file a path names, or the suite's name.
  var suitePlace: String? {
    guard let suiteName else { return nil }
    return suiteName.hasPrefix("/") ? suiteName + ".plist" : "the suite \(suiteName)"
  }

  /// How to read a bundle; the app's choices, if given, are loaded into `files`.
  func options(loadingChoicesInto files: inout DescriptorFiles) -> SettingsBundleOptions {
    if let choices { files.loadSettingsChoices(choices) }
    return SettingsBundleOptions(locale: locale, idiom: idiom, inApp: inApp)
  }
}
