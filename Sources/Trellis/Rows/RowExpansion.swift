/// What an expand/collapse row reveals: the elements that follow it in its section.
///
/// Selecting the row (``ScreenEvent/select(_:)``) shows or hides its child rows, and the hosts
/// animate it like any other change: the child rows are inserted or deleted in one staged
/// changeset. Child rows count by element, hidden ones included; a child may itself be an
/// expand/collapse row whose own children are counted in its parent's ``childRowCount``.
///
/// ```swift
/// var advanced = Row(id: "advanced", text: "Advanced")
/// advanced.expansion = RowExpansion(childRowCount: 2)
/// section.addRow(advanced)
/// section.addRow("Proxy", kind: .textField, binding: settings.binding(\.proxy))
/// section.addRow("Timeout", kind: .numericTextField, binding: settings.binding(\.timeout))
/// ```
///
/// Expansion applies to sections that render their rows up front; a list that renders rows on
/// demand (``ArrayOfObjectsSection`` over a large store) shows every row.
public struct RowExpansion: Hashable, Sendable {
  /// How many elements after the row it shows and hides.
  public var childRowCount: Int
  /// Whether the child rows show before the person first toggles the row.
  public var isInitiallyExpanded: Bool

  /// Creates an expansion over the next `childRowCount` elements.
  public init(childRowCount: Int, isInitiallyExpanded: Bool = false) {
    self.childRowCount = max(0, childRowCount)
    self.isInitiallyExpanded = isInitiallyExpanded
  }
}
