/// How a Settings bundle is read.
public struct SettingsBundleOptions: Hashable, Sendable {
  /// The language whose strings tables give the titles (`en`, `de`, `pt-BR`); a title with no
  /// translation is shown as written.
  public var locale: String
  /// The device: which page variants and specifiers apply.
  public var idiom: SettingsIdiom
  /// Whether to check every language's strings files, not only the chosen one's.
  public var checksEveryLanguage: Bool
  /// Whether to read the pages as InAppSettingsKit shows them inside the app: a page's
  /// `.inApp.plist` variant (`Root.inApp.plist`, `Root~iphone.inApp.plist`) comes before the
  /// one Settings reads.
  public var inApp: Bool

  /// Creates options: English on a phone, checking the English strings files only.
  public init(
    locale: String = "en", idiom: SettingsIdiom = .phone, checksEveryLanguage: Bool = false,
    inApp: Bool = false
  ) {
    self.inApp = inApp
    self.locale = locale
    self.idiom = idiom
    self.checksEveryLanguage = checksEveryLanguage
  }
}

extension SettingsBundleOptions {
  /// The files that may hold the page `name`, in the order they are looked for: the idiom's
  /// variant first, and in-app variants before both when reading as InAppSettingsKit.
  func pageFiles(_ name: String) -> [String] {
    let plain = [name + idiom.fileSuffix + ".plist", name + ".plist"]
    guard inApp else { return plain }
    return [name + idiom.fileSuffix + ".inApp.plist", name + ".inApp.plist"] + plain
  }
}
