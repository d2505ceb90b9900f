import Foundation
import Trellis

/// The items of a multi-value, radio group or title-value specifier: its values and their
/// localised titles, in the order shown.
struct SettingsChoices {
  var values: [Value]
  var titles: [String]
  var shortTitles: [String]
}

extension SettingsPaneReader {
  func multiValue(_ specifier: SettingsSpecifier) {
    guard let key = requiredKey(specifier),
      let choices = choices(specifier, required: true)
    else { return }
    let value = choiceDefault(specifier, among: choices.values, severity: .error)
    var row = bound(makeRow(specifier, kind: .selection), key, specifier)
    row.choices = .literal(choices.values)
    row.choiceTitles = choices.titles
    row.shortChoiceTitles = choices.shortTitles
    row.allowsNoChoice = false
    record(key, rule: .choice(choices.values), default: value, initial: value ?? .null, specifier)
    append(row, from: specifier)
  }

  /// A radio group is a section of its own: a header, a row per value with a checkmark on the
  /// chosen one, and a footer.
  func radioGroup(_ specifier: SettingsSpecifier) {
    let node = specifier.node
    guard let key = requiredKey(specifier),
      let choices = choices(specifier, required: true)
    else { return }
    let value = choiceDefault(specifier, among: choices.values, severity: .error)
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
    record(key, rule: .choice(choices.values), default: value, initial: value ?? .null, specifier)
  }

  /// A title and the stored value, shown through `Titles` when the value is one of `Values`.
  func titleValue(_ specifier: SettingsSpecifier) {
    guard let key = requiredKey(specifier) else { return }
    var row = bound(makeRow(specifier, kind: .label), key, specifier)
    var value = scalar(specifier.node, "DefaultValue", specifier)
    if let choices = choices(specifier, required: false) {
      row.choices = .literal(choices.values)
      row.choiceTitles = choices.titles
      value = choiceDefault(specifier, among: choices.values, severity: .warning) ?? value
    }
    record(key, rule: nil, default: value, initial: value ?? .null, specifier)
    append(row, from: specifier)
  }

  /// `Values`, `Titles` and `ShortTitles`, checked against each other and sorted by title when
  /// `DisplaySortedByTitle` says so; `nil` (reported) when they do not fit.
  private func choices(_ specifier: SettingsSpecifier, required: Bool) -> SettingsChoices? {
    let node = specifier.node
    let what = "\(specifier)"
    if !required && !node.has("Values") && !node.has("Titles") { return nil }
    guard node.require("Values", in: what), node.require("Titles", in: what),
      let valueNodes = node.list("Values"), let titles = node.stringList("Titles")
    else { return nil }
    var values: [Value] = []
    for element in valueNodes {
      switch element.value {
      case .array, .dictionary, .null, .object:
        reading.error(
          "\(specifier): each of 'Values' must be a single value, not "
            + DescriptorNode.describe(element.value), at: element.path)
        return nil
      default: values.append(element.value)
      }
    }
    guard titles.count == valueNodes.count else {
      reading.error(
        "\(specifier): 'Titles' has \(titles.count) title\(titles.count == 1 ? "" : "s") but "
          + "'Values' has \(values.count) value\(values.count == 1 ? "" : "s"); each value "
          + "needs its title", at: node.path("Titles"))
      return nil
    }
    var shortTitles: [String] = []
    if let short = node.stringList("ShortTitles") {
      guard short.count == values.count else {
        reading.error(
          "\(specifier): 'ShortTitles' has \(short.count) title\(short.count == 1 ? "" : "s") "
            + "but 'Values' has \(values.count) value\(values.count == 1 ? "" : "s")",
          at: node.path("ShortTitles"))
        return nil
      }
      shortTitles = short.map { localized($0.0) }
    }
    var choices = SettingsChoices(
      values: values, titles: titles.map { localized($0.0) }, shortTitles: shortTitles)
    if node.bool("DisplaySortedByTitle") == true {
      let order = choices.titles.indices.sorted {
        choices.titles[$0].localizedStandardCompare(choices.titles[$1]) == .orderedAscending
      }
      choices.values = order.map { choices.values[$0] }
      choices.titles = order.map { choices.titles[$0] }
      if !choices.shortTitles.isEmpty { choices.shortTitles = order.map { shortTitles[$0] } }
    }
    return choices
  }

  /// The `DefaultValue` of a specifier that chooses among `values`, reported (as `severity`)
  /// when it is not one of them.
  private func choiceDefault(
    _ specifier: SettingsSpecifier, among values: [Value], severity: Diagnostic.Severity
  ) -> Value? {
    let node = specifier.node
    guard let value = scalar(node, "DefaultValue", specifier) else { return nil }
    if let item = values.first(where: { SettingsValueRule.matches($0, value) }) { return item }
    let message =
      "\(specifier): 'DefaultValue' \(value.displayText) is not one of its 'Values' ("
      + values.map(\.displayText).joined(separator: ", ") + ")"
    if severity == .error {
      reading.error(message, at: node.path("DefaultValue"))
    } else {
      reading.warning(message, at: node.path("DefaultValue"), onKey: false)
    }
    return nil
  }
}
