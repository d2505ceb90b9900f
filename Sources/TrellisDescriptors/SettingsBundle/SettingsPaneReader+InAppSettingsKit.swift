import Foundation
import Trellis

/// InAppSettingsKit's own specifiers, read as its source reads them.
extension SettingsPaneReader {
  func button(_ specifier: SettingsSpecifier) {
    let node = specifier.node
    var row = makeRow(specifier, kind: .button)
    row.detail = subtitle(specifier, key: node.string("Key"))
    let name = node.string("Key") ?? node.string("Title") ?? "button\(specifier.index)"
    row.action = .named(name, at: node.location(of: node.has("Key") ? "Key" : "Type"))
    recordAction(name)
    append(row, from: specifier)
  }

  func textView(_ specifier: SettingsSpecifier) {
    guard let key = requiredKey(specifier, kind: .textView) else { return }
    var row = bound(makeRow(specifier, kind: .textView), key, specifier)
    row.placeholder = localizedString(specifier.node, "IASKPlaceholder")
    let value = textDefault(specifier)
    record(key, rule: .text, default: value, initial: value ?? "", specifier)
    append(row, from: specifier)
  }

  func datePicker(_ specifier: SettingsSpecifier) {
    let node = specifier.node
    guard let key = requiredKey(specifier) else { return }
    let mode = name(node, "DatePickerMode", among: Self.datePickerModes, specifier)
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
    var row = bound(makeRow(specifier, kind: .date), key, specifier)
    // InAppSettingsKit picks the date and its time unless the mode says the day or the time.
    row.dateFormat = Self.dateFormats[mode ?? "DateAndTime"]
    row.minuteInterval = node.minuteInterval("MinuteInterval")
    append(row, from: specifier)
  }

  /// The format of a date row for each `DatePickerMode`: the day, the day and its time, or
  /// the time alone, to the minute as `UIDatePicker` picks them.
  static let dateFormats = [
    "Date": "yyyy-MM-dd", "DateAndTime": "yyyy-MM-dd HH:mm", "Time": "HH:mm",
  ]

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
    row.detail = linkDetail(specifier)
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
    row.detail = linkDetail(specifier)
    append(row, from: specifier)
  }
}
