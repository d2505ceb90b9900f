import TrellisValues

/// Something a theme style applies to by name: the table, the navigation bar, sections and
/// cells, each optionally narrowed to one kind.
///
/// A style whose name is an element name styles every element of that kind automatically. STV's
/// class names are accepted as aliases of Trellis's names:
///
/// | Trellis name | STV / UIKit aliases |
/// |---|---|
/// | `table` | `UITableView` |
/// | `navigationBar` | `UINavigationBar` |
/// | `section` | `SCTableViewSection` |
/// | `basicSection`, `objectSection`, `arrayOfObjectsSection`, `arrayOfStringsSection`, `selectionSection`, `objectSelectionSection` | `SCObjectSection`, `SCArrayOfObjectsSection`, `SCArrayOfStringsSection`, `SCSelectionSection`, `SCObjectSelectionSection` |
/// | `cell` | `SCTableViewCell`, `UITableViewCell` |
/// | `controlCell` (every cell with a control: labels, fields, switches, sliders, dates, selections) | `SCControlCell` |
/// | `plainCell`, `placeholderCell`, `addItemCell`, `loadMoreCell` | (none) |
/// | `labelCell` | `SCLabelCell` |
/// | `textViewCell` | `SCTextViewCell` |
/// | `textFieldCell` | `SCTextFieldCell` |
/// | `numericTextFieldCell` | `SCNumericTextFieldCell` |
/// | `sliderCell` | `SCSliderCell` |
/// | `segmentedCell` | `SCSegmentedCell` |
/// | `switchCell` | `SCSwitchCell` |
/// | `dateCell` | `SCDateCell` |
/// | `imagePickerCell` | `SCImagePickerCell` |
/// | `selectionCell` | `SCSelectionCell` |
/// | `objectSelectionCell` | `SCObjectSelectionCell` |
/// | `objectCell` | `SCObjectCell` |
/// | `arrayOfObjectsCell` | `SCArrayOfObjectsCell` |
/// | `customCell` | `SCCustomCell` |
///
/// Names are case-sensitive. Any other name is a named style, applied only where a row or
/// section names it (`themeStyle`) or a section's `oddCellsThemeStyle`/`evenCellsThemeStyle`.
public enum ThemeElement: Hashable, Sendable, CustomStringConvertible {
  /// The table view.
  case table
  /// The navigation bar.
  case navigationBar
  /// Every section (`nil`), or sections of one kind.
  case section(ThemeSectionKind?)
  /// Every cell (`nil`), or cells of one row kind.
  case cell(RowKind?)

  /// The element a style name refers to, or `nil` for a named style.
  public init?(styleName name: String) {
    guard let element = Self.byName[name] else { return nil }
    self = element
  }

  /// The Trellis name of the element.
  public var name: String {
    switch self {
    case .table: "table"
    case .navigationBar: "navigationBar"
    case .section(nil): "section"
    case .section(let kind?): kind.elementName
    case .cell(nil): "cell"
    case .cell(let kind?): kind.elementName
    }
  }

  /// The STV and UIKit class names accepted for this element.
  public var aliases: [String] {
    switch self {
    case .table: ["UITableView"]
    case .navigationBar: ["UINavigationBar"]
    case .section(nil): ["SCTableViewSection"]
    case .section(let kind?): kind.stvClassName.map { [$0] } ?? []
    case .cell(nil): ["SCTableViewCell", "UITableViewCell"]
    case .cell(let kind?): kind.stvClassName.map { [$0] } ?? []
    }
  }

  /// Every element.
  public static let allCases: [ThemeElement] =
    [.table, .navigationBar, .section(nil)] + ThemeSectionKind.allCases.map { .section($0) }
    + [.cell(nil)] + RowKind.allCases.map { .cell($0) }

  /// Every element name and alias, for "did you mean" suggestions.
  static let allNames: [String] = allCases.flatMap { [$0.name] + $0.aliases }

  private static let byName: [String: ThemeElement] = {
    var names: [String: ThemeElement] = [:]
    for element in allCases {
      for name in [element.name] + element.aliases { names[name] = element }
    }
    return names
  }()

  /// The broad category the element belongs to, for attribute checks.
  var category: ThemeAttribute.Targets {
    switch self {
    case .table: .table
    case .navigationBar: .navigationBar
    case .section: .section
    case .cell: .cell
    }
  }

  public var description: String { name }
}
