import Foundation
import Trellis
import TrellisDiff

/// Draws screen snapshots as HTML: the bar, the search field, sections and rows, every value
/// escaped. The page reads without JavaScript; the client script makes it live.
public struct HTMLRenderer: Sendable {
  /// Sections with more rows than this are virtual: the page holds only the rows in view.
  public var virtualThreshold: Int
  /// How many rows a virtual section shows before the client asks for the rows in view.
  public var initialWindow: Int
  /// Custom row templates by name: each returns the HTML inside the row, and must escape what
  /// it shows with ``HTML/escape(_:)``.
  public var templates: [String: @Sendable (RowSnapshot) -> String]

  /// Creates a renderer.
  public init(
    virtualThreshold: Int = 200, initialWindow: Int = 40,
    templates: [String: @Sendable (RowSnapshot) -> String] = [:]
  ) {
    self.virtualThreshold = virtualThreshold
    self.initialWindow = initialWindow
    self.templates = templates
  }

  /// The whole screen: bar, notice, search field and table; `rowKey` names each row on the
  /// page (its `data-row`), by which the page names it back.
  public func screen(
    _ screen: ScreenSnapshot, pane: String = "top", rowKey: (RowID) -> String? = { _ in nil }
  ) -> String {
    self.screen(screen, pane: pane, rowKey: rowKey) { row, index, editing, virtual, note in
      self.row(
        row, index: index, editing: editing, virtual: virtual, key: rowKey(row.id), footnote: note)
    }
  }

  /// Draws one row of a section: the row, its index, whether the table is editing, whether
  /// its section is virtual, and the `id` of the footer that tells about its field.
  typealias RowDrawer = (RowSnapshot, Int, Bool, Bool, String?) -> String

  /// The whole screen, each row drawn by `drawRow`; `depth` counts the screens under it,
  /// which the page's history follows (its `data-depth`); `rowKey` names rows on the page.
  func screen(
    _ screen: ScreenSnapshot, pane: String, depth: Int? = nil, rowKey: (RowID) -> String?,
    drawRow: RowDrawer
  ) -> String {
    var html = "<div class=\"screen\" data-pane=\"\(pane)\" data-style=\"\(screen.style.rawValue)\""
    if let depth { html += " data-depth=\"\(depth)\"" }
    html += " data-editing=\"\(screen.isEditing)\""
    if screen.isModal { html += " data-presentation=\"modal\" role=\"dialog\" aria-modal=\"true\"" }
    html += "\(Self.screenStyleAttribute(screen.tableStyle))>"
    html += bar(screen)
    if let search = screen.search {
      html += "<form class=\"search\" role=\"search\">"
      html += "<input type=\"search\" class=\"search-field\" aria-label=\"Search\""
      html += " placeholder=\"Search\"\(HTML.attribute("value", search))></form>"
    }
    html += "<div class=\"sections\">"
    for (index, section) in screen.table.sections.enumerated() {
      html += self.section(
        section, index: index, editing: screen.isEditing, rowKey: rowKey, drawRow: drawRow)
    }
    html += "</div>"
    // After the list, in reading and tab order: its 26 letters do not stand between the
    // person and the rows (the page shows it beside them all the same).
    html += sectionIndex(screen.table)
    return html + "</div>"
  }

  /// The section index beside the table (hidden when no section has an index title); always
  /// present, so that a patch can replace it when a search changes the sections.
  public func sectionIndex(_ table: TableSnapshot) -> String {
    let titles = table.sections.enumerated().compactMap { index, section in
      section.model.indexTitle.map { (index, $0) }
    }
    var html = "<nav class=\"section-index\" aria-label=\"Section index\""
    html += titles.isEmpty ? " hidden>" : ">"
    for (index, title) in titles {
      html += "<button type=\"button\" class=\"index-entry\" data-section=\"\(index)\">"
      html += "\(HTML.escape(title))</button>"
    }
    return html + "</nav>"
  }

  /// The navigation bar and the notice under it.
  public func bar(_ screen: ScreenSnapshot) -> String {
    var html = "<header class=\"bar\"\(Self.barStyleAttribute(screen.navigationBarStyle))"
    // The page asks before it is left or reloaded while a screen holds unsaved values.
    if screen.hasUnsavedChanges { html += " data-unsaved=\"\"" }
    html += ">"
    html += "<div class=\"bar-side left\">"
    // Cancel leaves a pushed editor the way Back would; showing both crowds the bar.
    if screen.canGoBack && !screen.barButtons.contains(where: { $0.role == .cancel }) {
      // A sheet closes rather than going back to the screen it covers.
      html +=
        screen.isModal
        ? "<button type=\"button\" class=\"bar-button back close\" data-ev=\"back\">Close</button>"
        : backButton(screen.backTitle)
    }
    html += buttons(screen, .left)
    html += "</div><h1 class=\"title\">\(HTML.escape(HTML.label(screen.title ?? "")))</h1>"
    html += "<div class=\"bar-side right\">\(buttons(screen, .right))"
    if screen.search != nil {
      html += "<button type=\"button\" class=\"bar-button refresh\" data-ev=\"refresh\""
      html += " aria-label=\"Refresh\">↻</button>"
    }
    html += "</div></header>"
    html +=
      "<div class=\"notice\(screen.isBusy ? " busy" : "")\" role=\"alert\" aria-live=\"assertive\""
    html += "\(HTML.flag("hidden", screen.notice == nil))>\(HTML.escape(screen.notice ?? ""))</div>"
    return html
  }

  /// Back, titled as `UINavigationBar` titles it: with the title of the screen it returns
  /// to, or "Back" when that has none or is too long to leave the bar's title room.
  func backButton(_ title: String?) -> String {
    let trimmed = title?.trimmingCharacters(in: .whitespacesAndNewlines) ?? ""
    let label = trimmed.isEmpty || trimmed.count > Self.longestBackTitle ? "Back" : trimmed
    var html = "<button type=\"button\" class=\"bar-button back\" data-ev=\"back\""
    if label != "Back" { html += " aria-label=\"Back to \(HTML.escape(label))\"" }
    return html + ">\(HTML.escape(label))</button>"
  }

  /// The most characters a Back button shows of the title it returns to.
  static let longestBackTitle = 14

  private func buttons(_ screen: ScreenSnapshot, _ side: BarButton.Side) -> String {
    var html = ""
    for button in screen.barButtons where button.side == side {
      switch button.role {
      case .add:
        html += "<button type=\"button\" class=\"bar-button add\" data-ev=\"add\""
        html += " aria-label=\"Add\">+</button>"
      case .edit:
        let title = screen.isEditing ? "Done" : "Edit"
        html += "<button type=\"button\" class=\"bar-button edit\" data-ev=\"edit\""
        html += " aria-pressed=\"\(screen.isEditing)\">\(title)</button>"
      case .done:
        // Unavailable, yet still in the tab order: pressed, it takes the person to the field
        // that keeps it from saving (see actions.js).
        html += "<button type=\"button\" class=\"bar-button done strong\" data-ev=\"done\""
        html += "\(screen.isDoneEnabled ? "" : " aria-disabled=\"true\"")>Done</button>"
      case .cancel:
        html += "<button type=\"button\" class=\"bar-button cancel\" data-ev=\"cancel\">"
        html += "Cancel</button>"
      case .takeTheirs:
        html += "<button type=\"button\" class=\"bar-button take-theirs\" data-ev=\"takeTheirs\">"
        html += "Take Theirs</button>"
      }
    }
    return html
  }

  /// Whether a section of `count` rows is virtual.
  public func isVirtual(_ count: Int) -> Bool { count > virtualThreshold }

  /// One section: header, rows (only a window of them when virtual), footer.
  public func section(
    _ section: SnapshotSection<SectionSnapshot, RowSnapshot>, index: Int, editing: Bool,
    rowKey: (RowID) -> String? = { _ in nil }
  ) -> String {
    self.section(section, index: index, editing: editing, rowKey: rowKey) {
      row, index, editing, virtual, note in
      self.row(
        row, index: index, editing: editing, virtual: virtual, key: rowKey(row.id), footnote: note)
    }
  }

  /// One section, each row drawn by `drawRow`; `rowKey` names rows on the page.
  func section(
    _ section: SnapshotSection<SectionSnapshot, RowSnapshot>, index: Int, editing: Bool,
    rowKey: (RowID) -> String?, drawRow: RowDrawer
  ) -> String {
    let count = section.items.count
    let note = footnoteID(section, rowKey: rowKey)
    let virtual = isVirtual(count)
    var html = "<section class=\"tsection\"\(HTML.attribute("data-id", section.model.id))"
    html += HTML.attribute("data-index-title", section.model.indexTitle)
    html += ">"
    html += header(section.model)
    let label = section.model.header.map { HTML.attribute("aria-label", $0) } ?? ""
    html += "<ol class=\"rows\" role=\"list\"\(label) data-count=\"\(count)\""
    if virtual {
      // The page holds a window of the rows, which take their place in the list from these
      // (see lists.js): the items alone, as a screen reader counts them.
      let (lead, items) = Self.itemSpan(section.items)
      html += " data-items=\"\(items)\"" + (lead > 0 ? " data-lead=\"\(lead)\"" : "")
      html += " data-virtual=\"\" style=\"--count:\(count)\">"
    } else {
      html += ">"
    }
    let shown = virtual ? min(count, initialWindow) : count
    for row in 0..<shown {
      let item = section.items[row]
      html += drawRow(item, row, editing, virtual, note != nil && Self.isField(item) ? note : nil)
    }
    html += "</ol>"
    if virtual && shown < count {
      html += "<p class=\"more-rows\">\(count - shown) more rows</p>"
    }
    html += footer(section.model, id: note)
    html += "</section>"
    return html
  }

  /// One row: edit controls, the row's own control, and its validation message; `key` is the
  /// row's name on the page (`data-row`); `footnote` the `id` of its section's footer, which
  /// describes its field.
  public func row(
    _ row: RowSnapshot, index: Int, editing: Bool, virtual: Bool = false, key: String? = nil,
    footnote: String? = nil
  ) -> String {
    var classes = "row k-\(row.kind.rawValue)"
    if row.validationMessage != nil { classes += " invalid" }
    if !row.isEnabled { classes += " disabled" }
    if row.isSelected { classes += " selected" }
    if let style = row.themeStyle { classes += " style-\(cssName(style))" }
    var css = row.style?.cssText ?? ""
    // A row whose theme sets its background but not its text keeps its text readable on it,
    // in a light page and a dark one.
    if let style = row.style, style.textColor == nil, let background = style.backgroundColor,
      background.isSolid
    {
      // Its secondary marks (a chevron, a detail) too.
      let readable = background.readableText.cssRGBA
      css += " color: \(readable); --secondary: \(readable); --chevron: \(readable);"
    }
    // A height of the row's own (a descriptor's, an action's) wins over its theme's.
    if let height = row.height, height > 0, height < 10_000 {
      css += (css.isEmpty ? "" : " ") + "min-height: \(ThemeColor.shortNumber(height))px;"
    }
    if !css.isEmpty { classes += " themed" }
    var html = "<li class=\"\(classes)\" data-kind=\"\(row.kind.rawValue)\""
    // What a list shows besides its items (New…, Load more, No results) is no item of it: a
    // screen reader's count of the list's items leaves it out.
    if Self.isBesideItems(row.kind) { html += " role=\"none\"" }
    html += HTML.attribute("data-row", key)
    if row.isSelected { html += " aria-selected=\"true\"" }
    if virtual {
      html += " data-i=\"\(index)\"" + HTML.attribute("style", "--i:\(index);" + css)
    } else if !css.isEmpty {
      html += HTML.attribute("style", css)
    }
    if editing && row.isMovable { html += " draggable=\"true\"" }
    html += ">"
    // How the edit buttons' labels name the row.
    let name = HTML.label(row.text ?? "row")
    if editing && row.isDeletable && row.editingStyle == .delete {
      // It shows the row's Delete button: expanded while that shows (see actions.js).
      html += "<button type=\"button\" class=\"row-delete\" aria-expanded=\"false\""
      html += "\(HTML.attribute("aria-label", "Delete \(name)"))>−</button>"
    } else if editing && row.editingStyle == .insert {
      html += "<button type=\"button\" class=\"row-insert\""
      html += "\(HTML.attribute("aria-label", "Insert \(name)"))>+</button>"
    }
    html += content(row, key: key, footnote: footnote)
    html += accessoryButton(row, editing: editing)
    // The minus shows this button first; it deletes (see actions.js).
    if editing && row.isDeletable && row.editingStyle == .delete {
      html += "<button type=\"button\" class=\"row-delete-confirm\""
      html +=
        "\(HTML.attribute("aria-label", "Confirm deleting \(name)"))>Delete</button>"
    }
    if editing && row.isMovable {
      html += "<span class=\"reorder\">"
      html +=
        "<button type=\"button\" class=\"move-up\"\(HTML.attribute("aria-label", "Move \(name) up"))>↑</button>"
      html +=
        "<button type=\"button\" class=\"move-down\"\(HTML.attribute("aria-label", "Move \(name) down"))>↓</button>"
      html += "<span class=\"grip\" aria-hidden=\"true\">≡</span></span>"
    }
    if let message = row.validationMessage {
      // Tied to its control (`aria-describedby`), not an alert: drawn again as the person
      // types, an alert would interrupt them at each pause; the page says it once.
      html += "<p class=\"validation\"\(HTML.attribute("id", key.map(Self.validationID)))>"
      html += "\(HTML.escape(message))</p>"
    } else if !row.isEnabled, let reason = row.attributes.unavailableReason {
      // Shown, not only a tooltip, which a touch screen never shows.
      html += "<p class=\"unavailable\">\(HTML.escape(reason))</p>"
    }
    html += "</li>"
    return html
  }

  /// Whether rows of `kind` are shown beside a list's items rather than being one of them.
  static func isBesideItems(_ kind: RowKind) -> Bool {
    kind == .addItem || kind == .loadMore || kind == .placeholder
  }

  /// The `id` of the validation message of the row named `key` on the page.
  static func validationID(_ key: String) -> String { "validation-\(key)" }

  /// The screen's ` style="..."`: its table's theme style; on a background the theme sets,
  /// section headers and footers in a colour readable on it, and the background filling the
  /// window below the last row.
  static func screenStyleAttribute(_ style: ResolvedStyle?) -> String {
    guard let declarations = style?.tableCSSDeclarations, !declarations.isEmpty else { return "" }
    var css = declarations.map(\.description).joined(separator: " ")
    if let style, style.textColor == nil, let background = style.backgroundColor,
      background.isSolid
    {
      css += " --secondary: \(background.readableText.cssRGBA); min-height: 100vh;"
    }
    return HTML.attribute("style", css)
  }

  /// The navigation bar's style: a bar tinted without a text colour of its own keeps its
  /// title readable on the tint, in a light page and a dark one.
  static func barStyleAttribute(_ style: ResolvedStyle?) -> String {
    guard let style else { return "" }
    var css = style.cssText
    if style.textColor == nil, let tint = style.barTintColor, tint.isSolid {
      css += " --bar-title-color: \(tint.readableText.cssRGBA);"
    }
    return css.isEmpty ? "" : HTML.attribute("style", css)
  }

  static func styleAttribute(_ style: ResolvedStyle?) -> String {
    guard let css = style?.cssText, !css.isEmpty else { return "" }
    return HTML.attribute("style", css)
  }

  /// A CSS-safe name: letters, digits and dashes.
  func cssName(_ name: String) -> String {
    String(
      name.unicodeScalars.map { CharacterSet.alphanumerics.contains($0) ? Character($0) : "-" })
  }
}
