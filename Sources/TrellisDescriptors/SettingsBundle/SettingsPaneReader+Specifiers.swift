import Foundation
import Trellis

extension SettingsPaneReader {
  /// The specifier types read: Apple's, then InAppSettingsKit's.
  static let specifierTypes = [
    "PSGroupSpecifier", "PSTextFieldSpecifier", "PSToggleSwitchSpecifier", "PSSliderSpecifier",
    "PSMultiValueSpecifier", "PSRadioGroupSpecifier", "PSTitleValueSpecifier",
    "PSChildPaneSpecifier", "IASKButtonSpecifier", "IASKTextViewSpecifier",
    "IASKDatePickerSpecifier", "IASKCustomViewSpecifier", "IASKOpenURLSpecifier",
    "IASKMailComposeSpecifier",
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
  ]

  static let keyboardTypes = [
    "Alphabet", "NumbersAndPunctuation", "NumberPad", "DecimalPad", "PhonePad", "NamePhonePad",
    "AsciiCapable", "URL", "EmailAddress",
  ]
  static let autocapitalizationTypes: [String: RowAttributes.Autocapitalization] = [
    "None": .none, "Sentences": .sentences, "Words": .words, "AllCharacters": .allCharacters,
  ]
  static let autocorrectionTypes = ["Default", "No", "Yes"]
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
    guard let key = requiredKey(specifier) else { return }
    var row = bound(makeRow(specifier, kind: .textField), key, specifier)
    row.isSecure = node.bool("IsSecure") ?? false
    row.placeholder = localizedString(node, "IASKPlaceholder")
    _ = name(node, "KeyboardType", among: Self.keyboardTypes, specifier)
    if let name = name(
      node, "AutocapitalizationType", among: Array(Self.autocapitalizationTypes.keys), specifier)
    {
      row.autocapitalization = Self.autocapitalizationTypes[name]
    }
    _ = name(node, "AutocorrectionType", among: Self.autocorrectionTypes, specifier)
    let value = textDefault(specifier)
    record(key, rule: .text, default: value, initial: value ?? "", specifier)
    append(row, from: specifier)
  }

  func toggle(_ specifier: SettingsSpecifier) {
    let node = specifier.node
    guard let key = requiredKey(specifier) else { return }
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
        reading.error(
          "\(specifier): 'DefaultValue' \(given.displayText) is neither the 'TrueValue' "
            + "(\(on.displayText)) nor the 'FalseValue' (\(off.displayText))",
          at: node.path("DefaultValue"))
        value = nil
      }
    }
    record(key, rule: .toggle(on: on, off: off), default: value, initial: value ?? off, specifier)
    append(bound(makeRow(specifier, kind: .switch), key, specifier), from: specifier)
  }

  func slider(_ specifier: SettingsSpecifier) {
    let node = specifier.node
    guard let key = requiredKey(specifier) else { return }
    let what = "\(specifier)"
    guard node.require("MinimumValue", in: what), node.require("MaximumValue", in: what),
      let minimum = node.number("MinimumValue"), let maximum = node.number("MaximumValue")
    else { return }
    guard minimum <= maximum else {
      reading.error(
        "\(specifier): 'MinimumValue' \(RowSnapshot.numberText(minimum)) is above "
          + "'MaximumValue' \(RowSnapshot.numberText(maximum))", at: node.path("MaximumValue"))
      return
    }
    _ = node.string("MinimumValueImage")
    _ = node.string("MaximumValueImage")
    let value = node.number("DefaultValue")
    if let value, value < minimum || value > maximum {
      reading.error(
        "\(specifier): 'DefaultValue' \(RowSnapshot.numberText(value)) is outside the "
          + "slider's range \(RowSnapshot.numberText(minimum)) to "
          + "\(RowSnapshot.numberText(maximum))", at: node.path("DefaultValue"))
    }
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
    row.detail = localizedString(node, "IASKSubtitle").map(DescriptorText.literal)
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
    guard node.require("File", in: "\(specifier)"), var file = node.string("File") else { return }
    // `File` names the page without its extension; a name written with it means the same page.
    if file.hasSuffix(".plist") { file = String(file.dropLast(6)) }
    let push = DescriptorPush(file, at: node.location(of: "File"))
    row.action = .push(push)
    recordChild(push)
    append(row, from: specifier)
  }

  // MARK: InAppSettingsKit's specifiers

  func button(_ specifier: SettingsSpecifier) {
    let node = specifier.node
    var row = makeRow(specifier, kind: .button)
    row.detail = localizedString(node, "IASKSubtitle").map(DescriptorText.literal)
    let name = node.string("Key") ?? node.string("Title") ?? "button\(specifier.index)"
    row.action = .named(name, at: node.location(of: node.has("Key") ? "Key" : "Type"))
    recordAction(name)
    append(row, from: specifier)
  }

  func textView(_ specifier: SettingsSpecifier) {
    guard let key = requiredKey(specifier) else { return }
    var row = bound(makeRow(specifier, kind: .textView), key, specifier)
    row.placeholder = localizedString(specifier.node, "IASKPlaceholder")
    let value = textDefault(specifier)
    record(key, rule: .text, default: value, initial: value ?? "", specifier)
    append(row, from: specifier)
  }

  func datePicker(_ specifier: SettingsSpecifier) {
    let node = specifier.node
    guard let key = requiredKey(specifier) else { return }
    _ = name(node, "DatePickerMode", among: Self.datePickerModes, specifier)
    var value = node.raw("DefaultValue")
    if let given = value, given.dateValue == nil {
      if case .string(let text) = given, let date = try? Value.parse(text, as: .date) {
        value = date
      } else {
        reading.error(
          "\(specifier): 'DefaultValue' must be a date, not \(DescriptorNode.describe(given))",
          at: node.path("DefaultValue"))
        value = nil
      }
    }
    record(key, rule: .date, default: value, initial: value ?? .null, specifier)
    append(bound(makeRow(specifier, kind: .date), key, specifier), from: specifier)
  }

  func customView(_ specifier: SettingsSpecifier) {
    let node = specifier.node
    var row = makeRow(specifier, kind: .custom)
    let key = node.string("Key")
    row.template = key ?? node.string("IASKViewControllerClass") ?? "custom\(specifier.index)"
    if let key {
      row = bound(row, key, specifier)
      let value = scalar(node, "DefaultValue", specifier)
      record(key, rule: nil, default: value, initial: value ?? .null, specifier)
    }
    append(row, from: specifier)
  }

  func openURL(_ specifier: SettingsSpecifier) {
    let node = specifier.node
    guard node.require("File", in: "\(specifier)"), let url = node.string("File") else { return }
    var row = makeRow(specifier, kind: .link)
    row.url = url
    row.action = .open(url)
    append(row, from: specifier)
  }

  func mailCompose(_ specifier: SettingsSpecifier) {
    let node = specifier.node
    let recipients =
      node.raw("IASKMailComposeToRecipents")?.arrayValue?.compactMap(\.stringValue)
      ?? node.string("IASKMailComposeToRecipents").map { [$0] } ?? []
    var url = "mailto:" + recipients.joined(separator: ",")
    if let subject = node.string("IASKMailComposeSubject") {
      let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~")
      url +=
        "?subject="
        + subject.unicodeScalars.map { scalar in
          allowed.contains(Character(scalar))
            ? String(scalar) : String(scalar).utf8.map { String(format: "%%%02X", $0) }.joined()
        }.joined()
    }
    var row = makeRow(specifier, kind: .link)
    row.url = url
    row.action = .open(url)
    append(row, from: specifier)
  }

  // MARK: Shared parts

  /// The specifier's `Key`, reported when missing or empty.
  func requiredKey(_ specifier: SettingsSpecifier) -> String? {
    let node = specifier.node
    guard node.require("Key", in: "\(specifier)"), let key = node.string("Key") else {
      return nil
    }
    guard !key.isEmpty else {
      reading.error("\(specifier): 'Key' must not be empty", at: node.path("Key"))
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
  private func textDefault(_ specifier: SettingsSpecifier) -> Value? {
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
