import TrellisValues

/// Resolving the styles that apply to an element, CSS-like: later layers override earlier ones
/// attribute by attribute, and keep every attribute they do not set.
extension Theme {
  /// The declarations of the element styles for `element` alone (`UITableView`/`table`, ...).
  public func style(for element: ThemeElement) -> ResolvedStyle {
    stylesByElement[element] ?? .empty
  }

  /// The table's style: `UITableView`/`table`, then the named `themeStyle` if given.
  public func tableStyle(themeStyle: String? = nil) -> ResolvedStyle {
    layered(style(for: .table), named: themeStyle)
  }

  /// The navigation bar's style: `UINavigationBar`/`navigationBar`, then the named `themeStyle`.
  public func navigationBarStyle(themeStyle: String? = nil) -> ResolvedStyle {
    layered(style(for: .navigationBar), named: themeStyle)
  }

  /// A section's style: `SCTableViewSection`/`section`, then the kind's element style
  /// (`arrayOfStringsSection`/`SCArrayOfStringsSection`), then the named `themeStyle`.
  ///
  /// Its `oddCellsThemeStyle` and `evenCellsThemeStyle` name the styles of its rows.
  public func sectionStyle(kind: ThemeSectionKind? = nil, themeStyle: String? = nil)
    -> ResolvedStyle
  {
    var result = style(for: .section(nil))
    if let kind { result = result.overlaid(with: style(for: .section(kind))) }
    return layered(result, named: themeStyle)
  }

  /// What a section's header and footer take: the table's `sectionHeaderHeight` and
  /// `sectionFooterHeight` (the table's `themeStyle` included), then the section's style
  /// (``sectionStyle(kind:themeStyle:)``), whose `headerHeight` and `footerHeight` win.
  public func sectionAppearance(
    tableThemeStyle: String? = nil, kind: ThemeSectionKind? = nil, themeStyle: String? = nil
  ) -> ResolvedStyle {
    let table = tableStyle(themeStyle: tableThemeStyle)
    var result = ResolvedStyle()
    for key in ["sectionHeaderHeight", "sectionFooterHeight"] {
      if let value = table[key] { result.attributes[key] = value }
    }
    return result.overlaid(with: sectionStyle(kind: kind, themeStyle: themeStyle))
  }

  /// A row's style, from the weakest layer to the strongest:
  ///
  /// 1. the generic cell style (`SCTableViewCell`, `UITableViewCell` or `cell`), then, for a
  ///    control cell (a label, a field, a switch…), `controlCell` or `SCControlCell`;
  /// 2. the style of the row's kind (`SCTextFieldCell`/`textFieldCell`, ...);
  /// 3. the section's odd or even row style, by position (`oddCellsThemeStyle`,
  ///    `evenCellsThemeStyle`);
  /// 4. the row's own named style (`themeStyle`, set for example by a `willStyle` action).
  ///
  /// Each layer overrides only the attributes it sets: a row named `RedCell` takes RedCell's
  /// background and keeps the font the layers below gave it.
  ///
  /// - Parameters:
  ///   - kind: the row's kind.
  ///   - themeStyle: the row's named style, if any. A name no style has is ignored.
  ///   - rowIndex: the row's 0-based index in its section (as in an index path). Odd and even
  ///     count from 1, as people count rows: indexes 0, 2, 4 (the 1st, 3rd, 5th rows) take the
  ///     odd style, and indexes 1, 3, 5 take the even style. `nil` applies neither.
  ///   - sectionStyle: the resolved style of the row's section; `nil` means the theme's generic
  ///     section style, ``sectionStyle(kind:themeStyle:)`` with no arguments.
  public func resolvedStyle(
    forRowKind kind: RowKind, themeStyle: String? = nil, rowIndex: Int? = nil,
    sectionStyle: ResolvedStyle? = nil
  ) -> ResolvedStyle {
    var result = style(for: .cell(nil))
    if kind.isControlCell {
      for name in RowKind.controlCellStyleNames { result = layered(result, named: name) }
    }
    result = result.overlaid(with: style(for: .cell(kind)))
    if let rowIndex, rowIndex >= 0 {
      let section = sectionStyle ?? self.sectionStyle()
      let alternating =
        Self.isOddRow(rowIndex) ? section.oddCellsThemeStyle : section.evenCellsThemeStyle
      result = layered(result, named: alternating)
    }
    return layered(result, named: themeStyle)
  }

  /// Whether the row at 0-based `rowIndex` is odd, counting rows from 1 (index 0 is odd).
  public static func isOddRow(_ rowIndex: Int) -> Bool { rowIndex % 2 == 0 }

  private func layered(_ base: ResolvedStyle, named name: String?) -> ResolvedStyle {
    guard let name, let named = stylesByName[name] else { return base }
    return base.overlaid(with: named)
  }
}
