import Trellis

/// The cell and section classes RMSTableViews ships (its `Source/` folder), with the properties
/// each reads and what Trellis draws for it.
///
/// Every property in a descriptor is set on the cell or section with key-value coding, so a
/// class reads its own properties, its superclasses', and UITableViewCell's.
struct RMSCellClass {
  let name: String
  /// What the row is.
  let kind: RowKind
  /// The accessory the class sets itself.
  let accessory: Accessory?
  /// Whether the class binds `representedObject`/`keyPath` (RMSDataCell and its subclasses).
  let bindsValue: Bool
  /// Whether the class runs `selectorString` on `target` when selected (RMSTargetActionCell).
  let runsAction: Bool
  /// Every property it reads.
  let properties: Set<String>
}

/// A section class RMSTableViews ships.
struct RMSSectionClass {
  let name: String
  let properties: Set<String>
  /// Whether its rows are one per element of `representedObjects` (RMSDynamicSection).
  let isDynamic: Bool
  /// Why the class cannot be used as it is, if it cannot.
  let caveat: String?
}

enum RMSTableViewsClasses {
  /// UITableViewCell's properties that Trellis maps (or checks and ignores).
  static let tableViewCell: Set<String> = [
    "backgroundColor", "accessoryType", "selectionStyle", "userInteractionEnabled",
    "textLabel.text", "textLabel.textColor", "textLabel.textAlignment",
    "detailTextLabel.textColor",
  ]
  /// RMSFormCell's, over UITableViewCell's.
  static let formCell = tableViewCell.union([
    "labelText", "primaryLabel.text", "primaryLabel.textColor", "primaryLabel.textAlignment",
  ])
  /// RMSDataCell's.
  static let dataCell = formCell.union(["representedObject", "keyPath", "value"])
  /// RMSTargetActionCell's.
  static let targetActionCell = formCell.union(["target", "selectorString"])
  /// The outlet of the cells loaded from a nib (RMSButtonCell, RMSTextEntryCell).
  static let nibLabel: Set<String> = ["label.text", "label.textColor", "label.textAlignment"]
  /// Properties Trellis reads although RMSTableViews does not (see the DocC article).
  static let trellisExtensions: Set<String> = ["choiceTitles"]

  static let cells: [RMSCellClass] = [
    RMSCellClass(
      name: "RMSFormCell", kind: .plain, accessory: nil, bindsValue: false, runsAction: false,
      properties: formCell),
    RMSCellClass(
      name: "RMSDataCell", kind: .label, accessory: nil, bindsValue: true, runsAction: false,
      properties: dataCell),
    RMSCellClass(
      name: "RMSRightDetailFormCell", kind: .label, accessory: .disclosureIndicator,
      bindsValue: true, runsAction: false, properties: dataCell),
    RMSCellClass(
      name: "RMSArrayPickerCell", kind: .selection, accessory: .disclosureIndicator,
      bindsValue: true, runsAction: false, properties: dataCell.union(["choices"])),
    RMSCellClass(
      name: "RMSDatePickerCell", kind: .date, accessory: .disclosureIndicator, bindsValue: true,
      runsAction: false, properties: dataCell),
    RMSCellClass(
      name: "RMSSwitchCell", kind: .switch, accessory: nil, bindsValue: true, runsAction: false,
      properties: dataCell),
    RMSCellClass(
      name: "RMSTextEntryCell", kind: .textField, accessory: nil, bindsValue: true,
      runsAction: false,
      properties: dataCell.union(nibLabel).union([
        "secureTextEntry", "textField.placeholder", "textField.secureTextEntry",
        "textField.keyboardType", "textField.autocapitalizationType",
        "textField.autocorrectionType", "textField.clearButtonMode", "textField.textAlignment",
      ])),
    RMSCellClass(
      name: "RMSTargetActionCell", kind: .button, accessory: nil, bindsValue: false,
      runsAction: true, properties: targetActionCell),
    RMSCellClass(
      name: "RMSButtonCell", kind: .button, accessory: nil, bindsValue: false, runsAction: true,
      properties: targetActionCell.union(nibLabel).union(["enabled"])),
    RMSCellClass(
      name: "RMSNavigationCell", kind: .plain, accessory: .disclosureIndicator,
      bindsValue: false, runsAction: true, properties: targetActionCell),
    RMSCellClass(
      name: "RMSWebViewCell", kind: .link, accessory: .disclosureIndicator, bindsValue: false,
      runsAction: false, properties: formCell.union(["URLString", "title"])),
  ]

  static let sections: [RMSSectionClass] = [
    RMSSectionClass(
      name: "RMSFormSection", properties: ["headerTitle", "footerTitle"], isDynamic: false,
      caveat: nil),
    RMSSectionClass(
      name: "RMSTableViewSection", properties: ["headerTitle", "footerTitle"], isDynamic: false,
      caveat:
        "RMSTableViewSection is abstract (its subclasses supply the rows); its rows are shown "
        + "as an RMSFormSection's"),
    RMSSectionClass(
      name: "RMSDynamicSection",
      properties: ["headerTitle", "footerTitle", "representedObjects", "cellIdentifier"],
      isDynamic: true, caveat: nil),
  ]

  static func cell(_ name: String) -> RMSCellClass? { cells.first { $0.name == name } }

  static func section(_ name: String) -> RMSSectionClass? { sections.first { $0.name == name } }

  /// The library class an app's cell class is drawn as: the one that reads most of its
  /// properties, the simplest first. `RMSFormCell` for a row with none.
  static func closestCell(to properties: Set<String>) -> RMSCellClass {
    let order = [
      "RMSFormCell", "RMSRightDetailFormCell", "RMSTargetActionCell", "RMSArrayPickerCell",
      "RMSTextEntryCell", "RMSButtonCell", "RMSWebViewCell",
    ].compactMap(cell)
    var best = order[0]
    var bestCount = properties.intersection(best.properties).count
    for candidate in order.dropFirst() {
      let count = properties.intersection(candidate.properties).count
      if count > bestCount {
        best = candidate
        bestCount = count
      }
    }
    return best
  }

  /// A class name within two edits of `name` (a typo), among `candidates`.
  static func misspelt(_ name: String, among candidates: [String]) -> String? {
    candidates.filter { $0 != name }
      .map { ($0, NameSuggestion.editDistance(name.lowercased(), $0.lowercased())) }
      .filter { $0.1 <= 2 }
      .min { $0.1 < $1.1 }?.0
  }
}
