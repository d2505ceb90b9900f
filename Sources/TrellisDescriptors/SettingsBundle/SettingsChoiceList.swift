import Trellis

/// The values and titles an app supplies at run time for a multi-value or radio group
/// specifier: InAppSettingsKit's `valuesForSpecifier:` and `titlesForSpecifier:`.
///
/// A specifier without `Values` (InAppSettingsKit's `Country (dynamic)`) shows the choices
/// given here; one with `Values` shows these instead, as InAppSettingsKit does. Titles are
/// looked up in the page's strings table, like the bundle's own.
///
/// ```swift
/// let result = SettingsBundle.read(at: "Settings.bundle") { key in
///   key == "countryCode" ? SettingsChoiceList(values: ["de", "fr"], titles: ["Germany", "France"]) : nil
/// }
/// ```
public struct SettingsChoiceList: Hashable, Sendable {
  /// The values stored, in order.
  public var values: [Value]
  /// The title of each value; a missing title leaves its value out.
  public var titles: [String]

  /// Creates a list of `values` titled by `titles`.
  public init(values: [Value], titles: [String]) {
    self.values = values
    self.titles = titles
  }

  /// The lists in a data document: a dictionary from each key to `{"values": [...],
  /// "titles": [...]}`; `titles` may be left out, and the values' text is shown.
  package static func lists(in document: Value) -> [String: SettingsChoiceList] {
    var lists: [String: SettingsChoiceList] = [:]
    for (key, entry) in document.dictionaryValue ?? [:] {
      guard let values = entry.dictionaryValue?["values"]?.arrayValue ?? entry.arrayValue else {
        continue
      }
      let titles =
        entry.dictionaryValue?["titles"]?.arrayValue?.map(\.displayText)
        ?? values.map(\.displayText)
      lists[key] = SettingsChoiceList(values: values, titles: titles)
    }
    return lists
  }
}
