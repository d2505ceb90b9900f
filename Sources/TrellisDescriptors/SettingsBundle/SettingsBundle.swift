import Foundation
import Trellis
import TrellisSettings

/// An iOS `Settings.bundle`, read unchanged: its pages as descriptors, its keys with their
/// defaults and rules, its titles in one language.
///
/// Read a bundle folder (or one page of it) with ``read(at:options:)``, then bind it to a
/// `UserDefaultsStore`: the `DefaultValue`s are registered as the suite's defaults, and every
/// change is written to the suite at once, so the next launch (or another process) sees it.
///
/// ```swift
/// let bundle = try SettingsBundle(at: "Settings.bundle", options: .init(locale: "de"))
/// let store = try UserDefaultsStore(suiteName: "com.example.app")
/// let navigator = try bundle.makeNavigator(values: bundle.values(in: store))
/// ```
///
/// Child panes (`PSChildPaneSpecifier`) push the page their `File` names. Buttons and panes
/// that InAppSettingsKit leaves to the app run named actions; see ``library(actions:)``.
public struct SettingsBundle: Sendable {
  /// The bundle folder, as given.
  public var path: String
  /// The name of the first page (`Root`).
  public var rootName: String
  /// The options it was read with.
  public var options: SettingsBundleOptions
  /// The first page.
  public var descriptor: TableDescriptor
  /// The child pages, by the name a `File` gives.
  public var panes: [String: TableDescriptor]
  /// The `DefaultValue` of every key that has one: the defaults registered.
  public var defaults: ValueDictionary
  /// What every key holds before anything is stored: its default, or an empty value of its
  /// kind (off, the slider's minimum, empty text).
  public var initialValues: ValueDictionary
  /// What a control may store under each key it edits.
  public var rules: [String: SettingsValueRule]
  /// The actions the bundle's buttons and app-drawn panes run.
  public var actionNames: [String]
  /// InAppSettingsKit's subtitles given per value, by the function a row's detail calls.
  var subtitles: [String: SettingsSubtitle] = [:]

  /// A bundle of pages, whose keys are gathered afterwards.
  init(
    path: String, rootName: String, options: SettingsBundleOptions, descriptor: TableDescriptor,
    panes: [String: TableDescriptor]
  ) {
    self.path = path
    self.rootName = rootName
    self.options = options
    self.descriptor = descriptor
    self.panes = panes
    defaults = [:]
    initialValues = [:]
    rules = [:]
    actionNames = []
  }

  /// Reads the bundle at `path`: a folder, or one page file inside it. Never fails: the result
  /// holds the bundle only when no error was found.
  ///
  /// `choices` supplies the values and titles of a key at run time (InAppSettingsKit's
  /// `valuesForSpecifier:` and `titlesForSpecifier:`); `nil` keeps the bundle's own.
  public static func read(
    at path: String, options: SettingsBundleOptions = .init(),
    choices: @escaping (_ key: String) -> SettingsChoiceList? = { _ in nil }
  ) -> SettingsBundleReadResult {
    var loader = SettingsBundleLoader(path: path, options: options, choices: choices)
    let bundle = loader.load()
    let hasErrors = loader.diagnostics.contains { $0.severity == .error }
    return SettingsBundleReadResult(
      bundle: hasErrors ? nil : bundle, diagnostics: loader.diagnostics)
  }

  /// Reads the bundle at `path`, throwing every diagnostic (warnings included) if there is any
  /// error.
  public init(
    at path: String, options: SettingsBundleOptions = .init(),
    choices: @escaping (_ key: String) -> SettingsChoiceList? = { _ in nil }
  ) throws(DiagnosticList) {
    let result = Self.read(at: path, options: options, choices: choices)
    guard let bundle = result.bundle else { throw DiagnosticList(result.diagnostics) }
    self = bundle
  }

  /// Whether `path` is a Settings bundle: a folder holding `Root.plist` (or an idiom's
  /// variant), or a `.bundle` folder.
  public static func isBundle(at path: String) -> Bool {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder), isFolder.boolValue
    else { return false }
    if path.hasSuffix(".bundle") || path.hasSuffix(".bundle/") { return true }
    let pages = ["Root.plist", "Root~iphone.plist", "Root~ipad.plist", "Root.inApp.plist"]
    return pages.contains {
      FileManager.default.fileExists(atPath: (path as NSString).appendingPathComponent($0))
    }
  }

  /// The library that pushes the bundle's pages, with `actions` for its buttons and the
  /// panes the app draws (``actionNames``). These are the app's to run, as InAppSettingsKit
  /// leaves them to its delegate: a button whose action is not given is shown disabled,
  /// saying that it runs only in the app.
  public func library(actions: [String: @Sendable (RowContext) -> Void] = [:])
    -> DescriptorLibrary
  {
    var library = DescriptorLibrary(descriptors: panes, actions: actions)
    library.descriptors[rootName] = descriptor
    library.classes.appActions.formUnion(actionNames)
    for (name, subtitle) in subtitles { library.functions[name] = subtitle.function }
    return library
  }

  /// The bundle's values over `base` (a document, or any object), with its rules applied.
  public func values(over base: any KeyValueCoding) -> SettingsBundleObject {
    SettingsBundleObject(base: base, rules: rules)
  }

  /// The bundle's values in `store`'s suite: registers the ``defaults`` there first.
  public func values(in store: UserDefaultsStore) -> SettingsBundleObject {
    store.registerDefaults(defaults)
    return values(over: store.settings(defaults: initialValues))
  }

  /// A navigator showing the first page, bound to `values`.
  ///
  /// - Throws: every binding problem, located in the pages; nothing is shown half-built.
  public func makeNavigator(values: SettingsBundleObject, library: DescriptorLibrary? = nil)
    throws(DiagnosticList) -> Navigator
  {
    try (library ?? self.library()).makeNavigator(showing: descriptor, root: values)
  }
}
