import Foundation
import Trellis

extension SettingsPaneReader {
  /// The specifier types read: Apple's, then InAppSettingsKit's.
  static let specifierTypes = [
    "PSGroupSpecifier", "PSTextFieldSpecifier", "PSToggleSwitchSpecifier", "PSSliderSpecifier",
    "PSMultiValueSpecifier", "PSRadioGroupSpecifier", "PSTitleValueSpecifier",
    "PSChildPaneSpecifier", "IASKButtonSpecifier", "IASKTextViewSpecifier",
    "IASKDatePickerSpecifier", "IASKCustomViewSpecifier", "IASKOpenURLSpecifier",
    "IASKMailComposeSpecifier", "IASKListGroupSpecifier",
  ]

  /// Every specifier key Apple documents or InAppSettingsKit reads; others are warned about.
  static let specifierKeys = [
    "Type", "Title", "Key", "DefaultValue", "SupportedUserInterfaceIdioms", "FooterText",
    "IsSecure", "KeyboardType", "AutocapitalizationType", "AutocorrectionType", "TrueValue",
    "FalseValue", "MinimumValue", "MaximumValue", "MinimumValueImage", "MaximumValueImage",
    "Titles", "Values", "ShortTitles", "DisplaySortedByTitle", "File",
    // InAppSettingsKit's keys.
    "IASKCellImage", "IconNames", "IASKSubtitle", "IASKPlaceholder", "IASKViewControllerClass",
    "IASKViewControllerSelector", "IASKViewControllerStoryBoardFile",
    "IASKViewControllerStoryBoardId", "IASKSegueIdentifier", "DatePickerMode",
    "DatePickerStyle", "MinuteInterval", "IASKMailComposeToRecipents",
    "IASKMailComposeCcRecipents", "IASKMailComposeBccRecipents", "IASKMailComposeSubject",
    "IASKMailComposeBody", "IASKMailComposeBodyIsHTML", "IASKAdjustsFontSizeToFitWidth",
    "IASKTextContentType", "IASKTextAlignment", "IASKToggleStyle", "IASKChildTitle",
    "IASKWebViewShowProgress", "IASKWebViewHideBottomBar", "IASKWebViewShowNavigationalButtons",
    "IASKWebViewFullscreen", "IASKQuickMultiValueSelection", "ItemSpecifier", "AddSpecifier",
    "Deletable",
  ]

  static let keyboardTypes: [String: RowAttributes.Keyboard] = [
    "Alphabet": .default, "NumbersAndPunctuation": .numbersAndPunctuation,
    "NumberPad": .numberPad, "DecimalPad": .decimalPad, "PhonePad": .phonePad,
    "NamePhonePad": .namePhonePad, "AsciiCapable": .asciiCapable, "URL": .url,
    "EmailAddress": .emailAddress,
  ]
  static let autocapitalizationTypes: [String: RowAttributes.Autocapitalization] = [
    "None": .none, "Sentences": .sentences, "Words": .words, "AllCharacters": .allCharacters,
  ]
  static let autocorrectionTypes: [String: Bool?] = ["Default": nil, "No": false, "Yes": true]
  /// InAppSettingsKit's toggle styles: a switch (the default) or a checkmark.
  static let toggleStyles = ["Switch", "Checkmark"]
  static let datePickerModes = ["Date", "Time", "DateAndTime"]

  // MARK: Apple's specifiers

  func group(_ specifier: SettingsSpecifier) {
    let node = specifier.node
    var section = SectionDescriptor(name: "group\(specifier.index)", location: node.location)
    section.header = localizedString(node, "Title").map(DescriptorText.literal)
    section.footer = localizedString(node, "FooterText").map(DescriptorText.literal)
    startSection(section)
  }

  func textField(_ specifier: SettingsSpecifier) {
    let node = specifier.node
    guard let key = requiredKey(specifier, kind: .textField) else { return }
    var row = bound(makeRow(specifier, kind: .textField), key, specifier)
    row.isSecure = node.bool("IsSecure") ?? false
    row.placeholder = localizedString(node, "IASKPlaceholder")
    if let name = name(node, "KeyboardType", among: Self.keyboardTypes.keys.sorted(), specifier) {
      row.keyboard = Self.keyboardTypes[name]
    }
    // Settings capitalises nothing unless the specifier says so.
    row.autocapitalization = RowAttributes.Autocapitalization.none
    if let name = name(
      node, "AutocapitalizationType", among: Array(Self.autocapitalizationTypes.keys), specifier)
    {
      row.autocapitalization = Self.autocapitalizationTypes[name]
    }
    if let name = name(
      node, "AutocorrectionType", among: Self.autocorrectionTypes.keys.sorted(), specifier)
    {
      row.autocorrects = Self.autocorrectionTypes[name] ?? nil
    }
    let value = textDefault(specifier)
    record(key, rule: .text, default: value, initial: value ?? "", specifier)
    append(row, from: specifier)
  }

  func toggle(_ specifier: SettingsSpecifier) {
    let node = specifier.node
    guard let key = requiredKey(specifier, kind: .switch) else { return }
    let on = scalar(node, "TrueValue", specifier) ?? .bool(true)
    let off = scalar(node, "FalseValue", specifier) ?? .bool(false)
    if on == off {
      reading.error(
        "\(specifier): 'TrueValue' and 'FalseValue' are the same, so the switch could not tell "
          + "on from off", at: node.path("FalseValue"))
    }
    var value = scalar(node, "DefaultValue", specifier)
    // OpenStep pages write Booleans as text: `DefaultValue = YES;`.
    if case .string(let text)? = value, case .bool = on, case .bool = off,
      let flag = try? Value.parse(text, as: .bool)
    {
      value = flag
    }
    if let given = value {
      // Stored as the toggle stores it: `1` for a toggle of `true` and `false` is on.
      if SettingsValueRule.matches(given, on) {
        value = on
      } else if SettingsValueRule.matches(given, off) {
        value = off
      } else {
        reading.warning(
          "\(specifier): 'DefaultValue' \(given.displayText) is neither the 'TrueValue' "
            + "(\(on.displayText)) nor the 'FalseValue' (\(off.displayText)); the switch is off",
          at: node.path("DefaultValue"), onKey: false)
        value = nil
      }
    }
    record(key, rule: .toggle(on: on, off: off), default: value, initial: value ?? off, specifier)
    var row = bound(makeRow(specifier, kind: .switch), key, specifier)
    row.detail = subtitle(specifier, key: key)
    row.isCheckmarkToggle =
      name(node, "IASKToggleStyle", among: Self.toggleStyles, specifier) == "Checkmark"
    append(row, from: specifier)
  }

  func slider(_ specifier: SettingsSpecifier) {
    let node = specifier.node
    guard let key = requiredKey(specifier, kind: .slider) else { return }
    let what = "\(specifier)"
    guard node.require("MinimumValue", in: what), node.require("MaximumValue", in: what),
      let minimum = node.number("MinimumValue"), let written = node.number("MaximumValue")
    else { return }
    if minimum > written {
      reading.warning(
        "\(specifier): 'MinimumValue' \(RowSnapshot.numberText(minimum)) is above "
          + "'MaximumValue' \(RowSnapshot.numberText(written)); the slider stays at its "
          + "minimum", at: node.path("MaximumValue"), onKey: false)
    }
    let maximum = Swift.max(minimum, written)
    _ = node.string("MinimumValueImage")
    _ = node.string("MaximumValueImage")
    var value = node.number("DefaultValue")
    // A range upside down was named above: the slider's one value is not named again.
    if let given = value, given < minimum || given > maximum, minimum <= written {
      reading.warning(
        "\(specifier): 'DefaultValue' \(RowSnapshot.numberText(given)) is outside the "
          + "slider's range \(RowSnapshot.numberText(minimum)) to "
          + "\(RowSnapshot.numberText(maximum)); the slider shows the nearest end",
        at: node.path("DefaultValue"), onKey: false)
    }
    value = value.map { Swift.min(Swift.max($0, minimum), maximum) }
    var row = bound(makeRow(specifier, kind: .slider), key, specifier)
    row.minimum = minimum
    row.maximum = maximum
    record(
      key, rule: .number(minimum: minimum, maximum: maximum), default: value.map(Value.double),
      initial: .double(value ?? minimum), specifier)
    append(row, from: specifier)
  }

  func childPane(_ specifier: SettingsSpecifier) {
    let node = specifier.node
    var row = makeRow(specifier, kind: .plain)
    row.accessory = .literal(Accessory.disclosureIndicator.rawValue)
    let key = node.string("Key").flatMap { $0.isEmpty ? nil : $0 }
    row.detail = subtitle(specifier, key: key)
    if row.detail == nil, let key {
      // InAppSettingsKit shows the key's text value beside a child pane that has a key.
      row.detail = .keyPath(
        SettingsBundleObject.bindingName(for: key), at: node.location(of: "Key"))
      let value = scalar(node, "DefaultValue", specifier)
      record(key, rule: nil, default: value, initial: value ?? .null, specifier)
    }
    // InAppSettingsKit's own web page shows the address in `File`: a link here.
    if node.string("IASKViewControllerClass") == "IASKAppSettingsWebViewController",
      let url = node.string("File"), url.contains("://")
    {
      row.kind = .link
      row.accessory = nil
      row.url = url
      row.action = .open(url)
      append(row, from: specifier)
      return
    }
    // InAppSettingsKit's panes drawn by the app: a named action the app registers.
    for key in [
      "IASKViewControllerClass", "IASKViewControllerStoryBoardId", "IASKSegueIdentifier",
    ] {
      if let name = node.string(key) {
        row.action = .named(name, at: node.location(of: key))
        recordAction(name)
        append(row, from: specifier)
        return
      }
    }
    guard node.has("File") else {
      reading.warning(
        "\(specifier) has no 'File'; the row is shown but opens nothing", at: node.path("Type"),
        onKey: false)
      row.accessory = nil
      append(row, from: specifier)
      return
    }
    guard let file = node.string("File") else { return }
    row.action = .push(childPage(file, at: node.location(of: "File")))
    append(row, from: specifier)
  }

  // MARK: Shared parts

  /// InAppSettingsKit's `IASKSubtitle`: text, or a dictionary from each value of `key` to its
  /// subtitle, with `__default__` for the others.
  func subtitle(_ specifier: SettingsSpecifier, key: String?) -> DescriptorText? {
    let node = specifier.node
    guard let raw = node.raw("IASKSubtitle") else { return nil }
    switch raw {
    case .string(let text): return .literal(localized(text))
    case .dictionary(let entries):
      var byValue: [String: String] = [:]
      for (value, title) in entries where value != "__default__" {
        byValue[value] = localized(title.displayText)
      }
      let fallback = entries["__default__"].map { localized($0.displayText) }
      guard let key else { return fallback.map(DescriptorText.literal) }
      return recordSubtitle(
        SettingsSubtitle(key: key, byValue: byValue, fallback: fallback), specifier)
    default:
      reading.warning(
        "\(specifier): 'IASKSubtitle' must be text or a dictionary, not "
          + DescriptorNode.describe(raw) + "; it is ignored", at: node.path("IASKSubtitle"),
        onKey: false)
      return nil
    }
  }

  /// The detail of an open-URL or mail row: its subtitle, or else its `DefaultValue`, as
  /// InAppSettingsKit shows them.
  func linkDetail(_ specifier: SettingsSpecifier) -> DescriptorText? {
    subtitle(specifier, key: nil)
      ?? specifier.node.raw("DefaultValue").map { .literal(localized($0.displayText)) }
  }

  /// The specifier's `Key`, reported when missing or empty.
  ///
  /// Settings shows a row whose key is missing or empty; given the row's `kind`, it is shown
  /// unbound, storing nothing, with a warning.
  func requiredKey(_ specifier: SettingsSpecifier, kind: RowKind? = nil) -> String? {
    let node = specifier.node
    if !node.has("Key"), let kind {
      reading.warning(
        "\(specifier) has no 'Key'; the row is shown but stores nothing",
        at: node.path("Type"), onKey: false)
      append(makeRow(specifier, kind: kind), from: specifier)
      return nil
    }
    guard node.require("Key", in: "\(specifier)"), let key = node.string("Key") else {
      return nil
    }
    guard !key.isEmpty else {
      guard let kind else {
        reading.error("\(specifier): 'Key' must not be empty", at: node.path("Key"))
        return nil
      }
      reading.warning(
        "\(specifier): 'Key' is empty; the row is shown but stores nothing",
        at: node.path("Key"), onKey: false)
      append(makeRow(specifier, kind: kind), from: specifier)
      return nil
    }
    return key
  }

  /// `row` bound to the defaults key `key`.
  func bound(_ row: RowDescriptor, _ key: String, _ specifier: SettingsSpecifier)
    -> RowDescriptor
  {
    var row = row
    row.value = SettingsBundleObject.bindingName(for: key)
    row.valueLocation = specifier.node.location(of: "Key")
    return row
  }

  /// A value that a defaults key can hold at `key`: not a list or dictionary.
  func scalar(_ node: DescriptorNode, _ key: String, _ specifier: SettingsSpecifier) -> Value? {
    guard let value = node.raw(key) else { return nil }
    switch value {
    case .array, .dictionary, .null, .object:
      reading.error(
        "\(specifier): '\(key)' must be a single value, not \(DescriptorNode.describe(value))",
        at: node.path(key))
      return nil
    default: return value
    }
  }

  /// A text field's `DefaultValue`, as text.
  func textDefault(_ specifier: SettingsSpecifier) -> Value? {
    guard let value = scalar(specifier.node, "DefaultValue", specifier) else { return nil }
    if case .string = value { return value }
    return .string(value.displayText)
  }

  /// A name from a fixed list at `key`; an unknown one is a warning (Settings uses its
  /// default).
  func name(
    _ node: DescriptorNode, _ key: String, among names: [String], _ specifier: SettingsSpecifier
  ) -> String? {
    guard let text = node.string(key) else { return nil }
    guard names.contains(text) else {
      var message = "\(specifier): unknown \(key) '\(text)' is ignored"
      if let close = NameSuggestion.closest(to: text, among: names) {
        message += " (did you mean '\(close)'?)"
      } else {
        message += "; expected one of " + names.sorted().joined(separator: ", ")
      }
      reading.warning(message, at: node.path(key), onKey: false)
      return nil
    }
    return text
  }
}
