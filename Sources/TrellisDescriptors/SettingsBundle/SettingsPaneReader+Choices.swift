import Foundation
import Trellis

/// The items of a multi-value, radio group or title-value specifier: its values and their
/// localised titles, in the order shown.
struct SettingsChoices {
  var values: [Value]
  var titles: [String]
  var shortTitles: [String]
  /// Whether the app supplies the items at run time (InAppSettingsKit's dynamic values).
  var isDynamic = false
}

extension SettingsPaneReader {
  func multiValue(_ specifier: SettingsSpecifier) {
    // InAppSettingsKit's quick selection lists the values in place, as a radio group does.
    if specifier.node.bool("IASKQuickMultiValueSelection") == true {
      return radioGroup(specifier)
    }
    guard let key = requiredKey(specifier, kind: .selection) else { return }
    let choices =
      self.choices(specifier, key: key, required: true)
      ?? .init(values: [], titles: [], shortTitles: [])
    let value = choiceDefault(specifier, among: choices)
    var row = bound(makeRow(specifier, kind: .selection), key, specifier)
    row.choices = .literal(choices.values)
    row.choiceTitles = choices.titles
    row.shortChoiceTitles = choices.shortTitles
    row.allowsNoChoice = false
    record(key, rule: rule(choices), default: value, initial: value ?? .null, specifier)
    append(row, from: specifier)
  }

  /// A radio group is a section of its own: a header, a row per value with a checkmark on the
  /// chosen one, and a footer.
  func radioGroup(_ specifier: SettingsSpecifier) {
    let node = specifier.node
    guard let key = requiredKey(specifier) else { return }
    let choices =
      self.choices(specifier, key: key, required: true)
      ?? .init(values: [], titles: [], shortTitles: [])
    let value = choiceDefault(specifier, among: choices)
    var section = SectionDescriptor(name: "radio\(specifier.index)", location: node.location)
    section.header = localizedString(node, "Title").map(DescriptorText.literal)
    section.footer = localizedString(node, "FooterText").map(DescriptorText.literal)
    for (index, item) in choices.values.enumerated() {
      var row = RowDescriptor(
        name: "specifier\(specifier.index).\(index)", kind: .plain,
        text: .literal(choices.titles[index]), location: node.location)
      row = bound(row, key, specifier)
      row.chooses = item
      section.rows.append(row)
    }
    startSection(section)
    finishSection()
    record(key, rule: rule(choices), default: value, initial: value ?? .null, specifier)
  }

  /// A title and the stored value, shown through `Titles` when the value is one of `Values`.
  func titleValue(_ specifier: SettingsSpecifier) {
    guard let key = requiredKey(specifier, kind: .label) else { return }
    var row = bound(makeRow(specifier, kind: .label), key, specifier)
    var value = scalar(specifier.node, "DefaultValue", specifier)
    if let choices = self.choices(specifier, key: key, required: false) {
      row.choices = .literal(choices.values)
      row.choiceTitles = choices.titles
      if !choices.values.isEmpty {
        value =
          choiceDefault(specifier, among: choices, otherwise: "it is shown as written") ?? value
      }
    }
    record(key, rule: nil, default: value, initial: value ?? .null, specifier)
    append(row, from: specifier)
  }

  /// What a choice may store: one of the values, or anything when the app supplies them.
  private func rule(_ choices: SettingsChoices) -> SettingsValueRule? {
    choices.isDynamic && choices.values.isEmpty ? nil : .choice(choices.values)
  }

  /// `Values`, `Titles` and `ShortTitles` (or the app's own, when it supplies them), sorted by
  /// title when `DisplaySortedByTitle` says so; `nil` when a title-value specifier has none.
  ///
  /// As Settings does, lists of different lengths show the pairs that exist, with a warning.
  func choices(_ specifier: SettingsSpecifier, key: String, required: Bool)
    -> SettingsChoices?
  {
    let node = specifier.node
    var choices: SettingsChoices
    if let supplied = choiceProvider(key) {
      let count = min(supplied.values.count, supplied.titles.count)
      choices = SettingsChoices(
        values: Array(supplied.values.prefix(count)),
        titles: supplied.titles.prefix(count).map(localized), shortTitles: [], isDynamic: true)
    } else if !node.has("Values") && !node.has("Titles") {
      guard required else { return nil }
      reading.warning(
        "\(specifier) has no 'Values' and no 'Titles': InAppSettingsKit asks the app for them "
          + "at run time, and none were supplied, so it shows no choices", at: node.path("Type"),
        onKey: false)
      return SettingsChoices(values: [], titles: [], shortTitles: [], isDynamic: true)
    } else {
      choices = listedChoices(specifier)
    }
    if node.bool("DisplaySortedByTitle") == true {
      let order = choices.titles.indices.sorted {
        choices.titles[$0].localizedStandardCompare(choices.titles[$1]) == .orderedAscending
      }
      let shortTitles = choices.shortTitles
      choices.values = order.map { choices.values[$0] }
      choices.titles = order.map { choices.titles[$0] }
      if !shortTitles.isEmpty { choices.shortTitles = order.map { shortTitles[$0] } }
    }
    return choices
  }

  /// The pairs of `Values` and `Titles` written in the specifier.
  private func listedChoices(_ specifier: SettingsSpecifier) -> SettingsChoices {
    let node = specifier.node
    let what = "\(specifier)"
    let valueNodes = node.has("Values") ? node.list("Values") ?? [] : []
    let titleNodes = node.has("Titles") ? node.list("Titles") ?? [] : []
    for missing in ["Values", "Titles"] where !node.has(missing) {
      reading.warning(
        "\(what) has no '\(missing)', so it shows no choices", at: node.path("Type"),
        onKey: false)
    }
    if node.has("Values") && node.has("Titles") && valueNodes.count != titleNodes.count {
      let shown = min(valueNodes.count, titleNodes.count)
      reading.warning(
        "\(what): 'Titles' has \(Self.count(titleNodes.count, "title")) but 'Values' has "
          + "\(Self.count(valueNodes.count, "value")); the first \(shown) pair"
          + "\(shown == 1 ? " is" : "s are") shown", at: node.path("Titles"), onKey: false)
    }
    let shortNodes = node.has("ShortTitles") ? node.list("ShortTitles") ?? [] : []
    if node.has("ShortTitles") && shortNodes.count != valueNodes.count {
      reading.warning(
        "\(what): 'ShortTitles' has \(Self.count(shortNodes.count, "title")) but 'Values' has "
          + "\(Self.count(valueNodes.count, "value")); values without a short title show "
          + "their title", at: node.path("ShortTitles"), onKey: false)
    }
    var choices = SettingsChoices(values: [], titles: [], shortTitles: [])
    for index in 0..<min(valueNodes.count, titleNodes.count) {
      let element = valueNodes[index]
      switch element.value {
      case .array, .dictionary, .null, .object:
        reading.warning(
          "\(what): each of 'Values' must be a single value, not "
            + DescriptorNode.describe(element.value) + "; the pair is left out",
          at: element.path, onKey: false)
        continue
      default: break
      }
      guard let title = title(titleNodes[index], specifier) else { continue }
      choices.values.append(element.value)
      choices.titles.append(title)
      if !shortNodes.isEmpty {
        choices.shortTitles.append(
          index < shortNodes.count ? self.title(shortNodes[index], specifier) ?? title : title)
      }
    }
    return choices
  }

  /// A title of `Titles`: text, looked up in the strings table, or a number, shown as a whole
  /// number as InAppSettingsKit shows it; `nil` (warned about) for anything else.
  private func title(_ node: DescriptorNode, _ specifier: SettingsSpecifier) -> String? {
    switch node.value {
    case .string(let text): return localized(text)
    case .int(let number): return String(number)
    case .bool(let flag): return flag ? "1" : "0"
    case .double(let number) where number.isFinite && abs(number) < 1e18:
      return String(Int(number.rounded(.toNearestOrEven)))
    default:
      reading.warning(
        "\(specifier): a title must be text or a number, not "
          + DescriptorNode.describe(node.value) + "; the pair is left out", at: node.path,
        onKey: false)
      return nil
    }
  }

  /// `count` followed by `noun`, made plural when needed.
  private static func count(_ count: Int, _ noun: String) -> String {
    "\(count) \(noun)\(count == 1 ? "" : "s")"
  }

  /// The `DefaultValue` of a specifier that chooses among `choices`, as the value it matches.
  ///
  /// A default of another type that matches a value by value (the text `3` beside the number
  /// `3`) is that value, with a warning; a default that matches none leaves no choice
  /// checked, with a warning. Defaults among values the app supplies are kept as written.
  private func choiceDefault(
    _ specifier: SettingsSpecifier, among choices: SettingsChoices,
    otherwise consequence: String = "no choice is checked"
  ) -> Value? {
    let node = specifier.node
    guard let value = scalar(node, "DefaultValue", specifier) else { return nil }
    let values = choices.values
    if let item = values.first(where: { SettingsValueRule.matches($0, value) }) { return item }
    if let item = values.first(where: { SettingsValueRule.matchesByText($0, value) }) {
      reading.warning(
        "\(specifier): 'DefaultValue' is \(DescriptorNode.describe(value)) but the value it "
          + "matches is \(DescriptorNode.describe(item)); it is matched by value",
        at: node.path("DefaultValue"), onKey: false)
      return item
    }
    if choices.isDynamic && values.isEmpty { return value }
    // Without values (their titles missing, say, which was said), there is nothing to match.
    guard !values.isEmpty else { return nil }
    reading.warning(
      "\(specifier): 'DefaultValue' \(value.displayText) is not one of its 'Values' ("
        + values.map(\.displayText).joined(separator: ", ") + "); \(consequence)",
      at: node.path("DefaultValue"), onKey: false)
    return nil
  }
}
