import ArgumentParser
import Foundation
import Trellis
import TrellisDescriptors
import TrellisSettings

extension SettingsIdiom: ExpressibleByArgument {}

extension DescriptorFiles {
  /// Whether `path` is a Settings bundle folder, or a page of one (a property list with
  /// `PreferenceSpecifiers`).
  static func isSettingsBundle(_ path: String) -> Bool {
    if SettingsBundle.isBundle(at: path) { return true }
    guard path.lowercased().hasSuffix(".plist"),
      let data = try? Data(contentsOf: URL(fileURLWithPath: path)),
      let document = try? LocatedDocument(data: data, file: path)
    else { return false }
    return DescriptorFormat.detect(document.root) == .settingsBundle
  }

  /// The Settings bundle at `path`, with every diagnostic collected.
  mutating func settingsBundle(_ path: String, options: SettingsBundleOptions) -> SettingsBundle? {
    let choices = settingsChoices
    let result = SettingsBundle.read(at: path, options: options) { choices[$0] }
    let known = Set(diagnostics)
    diagnostics += result.diagnostics.filter { !known.contains($0) }
    return result.bundle
  }

  /// Reads `--choices`: a data document giving each key's values and titles, as an app gives
  /// them to InAppSettingsKit at run time.
  mutating func loadSettingsChoices(_ path: String) {
    guard let document = data(path) else { return }
    settingsChoices = SettingsChoiceList.lists(in: document.root)
  }

  /// What `render` and `serve` bind for a Settings bundle: its first page, the library of its
  /// pages, and its values: in the user-defaults suite `suite` when given (edits persist),
  /// otherwise in memory, starting from the bundle's defaults and the data document's values.
  mutating func settingsInputs(
    _ path: String, data: String?, theme: String?, options: SettingsBundleOptions, suite: String?
  ) -> (descriptor: TableDescriptor, library: DescriptorLibrary, root: any KeyValueCoding)? {
    let bundle = settingsBundle(path, options: options)
    let overrides = data.flatMap { self.data($0) }
    var library = bundle?.library() ?? DescriptorLibrary()
    if let theme { library.theme = self.theme(theme) }
    guard let bundle, !hasErrors else { return nil }
    let values: SettingsBundleObject
    if let suite {
      do {
        let store = try UserDefaultsStore(suiteName: suite)
        values = bundle.values(in: store)
      } catch {
        diagnostics.append(Diagnostic("cannot open the user-defaults suite: \(error)", file: suite))
        return nil
      }
    } else {
      var start = bundle.initialValues
      for (key, value) in overrides?.root.dictionaryValue ?? [:] { start[key] = value }
      values = bundle.values(over: DocumentObject(.dictionary(start)))
    }
    return (bundle.descriptor, library, values)
  }

  /// Checks a Settings bundle for both idioms and every language, and binds each page.
  mutating func checkSettingsBundle(
    _ path: String, inApp: Bool = false, forbidPushCycles: Bool = false
  ) {
    for idiom in SettingsIdiom.allCases {
      let options = SettingsBundleOptions(
        idiom: idiom, checksEveryLanguage: true, inApp: inApp)
      guard let bundle = settingsBundle(path, options: options) else { continue }
      let values = bundle.values(over: DocumentObject(.dictionary(bundle.initialValues)))
      let library = bundle.library()
      // A child pane that leads back to a page above it is legal, as a descriptor's is.
      for var cycle in library.pushCycles(from: bundle.rootName, bundle.descriptor) {
        if forbidPushCycles { cycle.severity = .error }
        if !diagnostics.contains(cycle) { diagnostics.append(cycle) }
      }
      for descriptor in [bundle.descriptor]
        + bundle.panes.keys.sorted().compactMap({
          bundle.panes[$0]
        })
      {
        do { _ = try descriptor.makeScreen(root: values, library: library) } catch {
          let known = Set(diagnostics)
          diagnostics += error.diagnostics.filter { !known.contains($0) }
        }
      }
    }
  }
}
