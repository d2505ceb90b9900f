import ArgumentParser
import Trellis
import TrellisDescriptors

/// The inputs of a command that shows a descriptor's screen: the descriptor, the data bound as
/// its root object, and a theme.
struct ScreenInputOptions: ParsableArguments {
  @Argument(help: "The descriptor file (JSON or any property list format), or a Settings.bundle.")
  var descriptor: String

  @Option(help: "The data document (JSON or plist) bound as the root object.")
  var data: String?

  @Option(help: "A theme file (.sct) whose styles the screen shows.")
  var theme: String?

  @Option(
    help: ArgumentHelp(
      "A classes file (JSON or plist) registering the app's own cell and section classes.",
      discussion: #"{"cells": {"NAME": {"like": "RMSArrayPickerCell"}}, "sections": {...}}"#))
  var classes: String?

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
      Settings bundles: keep the values in this user-defaults suite, so that edits persist       (on Linux in $XDG_CONFIG_HOME/SUITE.plist; an absolute path names the file).
      """)
  var suite: String?

  /// Loads the inputs, or prints every diagnostic and exits with status 1.
  func load() throws -> (
    descriptor: TableDescriptor, library: DescriptorLibrary, root: any KeyValueCoding
  ) {
    var files = DescriptorFiles()
    if let classes { files.loadClasses(classes) }
    if let choices { files.loadSettingsChoices(choices) }
    let settings = SettingsBundleOptions(locale: locale, idiom: idiom, inApp: inApp)
    guard
      let inputs = files.screenInputs(
        descriptor: descriptor, data: data, theme: theme, settings: settings, suite: suite)
    else {
      files.printDiagnostics(toStandardError: true)
      throw ExitCode(1)
    }
    if !DescriptorFiles.isSettingsBundle(descriptor) {
      files.checkBinding(inputs.descriptor, root: inputs.root, library: inputs.library)
    }
    // Warnings (an unregistered class, a key ignored, a colour not found) are worth seeing
    // even when the screen can be shown; errors stop here.
    files.printDiagnostics(toStandardError: true)
    if files.hasErrors { throw ExitCode(1) }
    return inputs
  }
}
