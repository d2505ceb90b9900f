/// How a Settings bundle is read.
public struct SettingsBundleOptions: Hashable, Sendable {
  /// The language whose strings tables give the titles (`en`, `de`, `pt-BR`); a title with no
  /// translation is shown as written.
  public var locale: String
  /// The device: which page variants and specifiers apply.
  public var idiom: SettingsIdiom
  /// Whether to check every language's strings files, not only the chosen one's.
  public var checksEveryLanguage: Bool

  /// Creates options: English on a phone, checking the English strings files only.
  public init(
    locale: String = "en", idiom: SettingsIdiom = .phone, checksEveryLanguage: Bool = false
  ) {
    self.locale = locale
    self.idiom = idiom
    self.checksEveryLanguage = checksEveryLanguage
  }
}
