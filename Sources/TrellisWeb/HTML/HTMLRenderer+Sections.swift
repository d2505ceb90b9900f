import Trellis

extension HTMLRenderer {
  /// A section's header: its header view (an image, with the title as its text) or its title,
  /// exactly as tall as a header height says; nothing when the section has none of them.
  ///
  /// A collapsible section's header is its toggle, a button that says whether the rows show.
  func header(_ section: SectionSnapshot) -> String {
    let style = section.style
    let view = style?.headerView.flatMap { HTML.imageSource($0.name) }
    let height = style?.headerHeight.flatMap(Self.length)
    guard section.header != nil || view != nil || height != nil else { return "" }
    var content = HTML.escape(section.header ?? "")
    if let view {
      content =
        "<img class=\"header-view\"\(HTML.attribute("src", view))"
        + "\(HTML.attribute("alt", section.header ?? ""))>"
    }
    if section.isCollapsible {
      content =
        "<button type=\"button\" class=\"section-toggle\""
        + " aria-expanded=\"\(!section.isCollapsed)\">\(content)</button>"
    }
    var classes = "section-header"
    if view != nil { classes += " has-view" }
    if height != nil { classes += " sized" }
    let css = height.map { "height: \($0);" }
    return "<h2 class=\"\(classes)\"\(HTML.attribute("style", css))>\(content)</h2>"
  }

  /// A section's footer: its footer view (an image, with the title as its text) or its title,
  /// exactly as tall as a footer height says; nothing when the section has none of them. `id`
  /// names it for the fields it describes (``footnoteID(_:rowKey:)``).
  func footer(_ section: SectionSnapshot, id: String? = nil) -> String {
    let style = section.style
    let view = style?.footerView.flatMap { HTML.imageSource($0.name) }
    let height = style?.footerHeight.flatMap(Self.length)
    guard section.footer != nil || view != nil || height != nil else { return "" }
    var content = HTML.escape(section.footer ?? "")
    if let view {
      content =
        "<img class=\"footer-view\"\(HTML.attribute("src", view))"
        + "\(HTML.attribute("alt", section.footer ?? ""))>"
    }
    var classes = "section-footer"
    if view != nil { classes += " has-view" }
    if height != nil { classes += " sized" }
    let css = height.map { "height: \($0);" }
    return
      "<div class=\"\(classes)\"\(HTML.attribute("id", id))\(HTML.attribute("style", css))>"
      + "\(content)</div>"
  }

  /// The `id` of a section's footer, which tells about the section's fields: each field is
  /// tied to it (`aria-describedby`), as a screen reader otherwise never reads it with them.
  ///
  /// Named after the section's first field (`note-` and its key), unique on the page; `nil`
  /// when the footer has no text, the section no field, or the section is virtual.
  func footnoteID(
    _ section: SnapshotSection<SectionSnapshot, RowSnapshot>, rowKey: (RowID) -> String?
  ) -> String? {
    guard let footer = section.model.footer, !footer.allSatisfy(\.isWhitespace),
      !isVirtual(section.items.count), let field = section.items.first(where: Self.isField),
      let key = rowKey(field.id)
    else { return nil }
    return "note-" + key
  }

  /// Whether a row is drawn as a field: a control that edits its value, or a button that
  /// chooses it (a selection).
  static func isField(_ row: RowSnapshot) -> Bool {
    guard row.isExpanded == nil else { return false }
    if !row.attributes.pickerComponents.isEmpty { return true }
    switch row.kind {
    case .textField, .textView, .numericTextField, .slider, .segmented, .switch, .date,
      .imagePicker, .selection, .objectSelection:
      return true
    default:
      return false
    }
  }

  /// A length in points as CSS pixels (`24px`); `nil` outside 0 to 10,000, which no page
  /// could show.
  static func length(_ points: Double) -> String? {
    guard points >= 0, points < 10_000 else { return nil }
    return "\(ThemeColor.shortNumber(points))px"
  }

  /// Where a section's items are among its rows: how many rows beside them (New…, Load
  /// more, No results) come first, and how many items there are. A list shows such rows
  /// before or after its items, never between them, and renders them up front: only the ends
  /// are read, up to the first row still to be rendered (an item, which reading would render
  /// before it is shown), so a long list costs no more than a short one.
  static func itemSpan(_ rows: [RowSnapshot]) -> (lead: Int, items: Int) {
    func isBeside(_ row: RowSnapshot) -> Bool { !row.isDeferred && isBesideItems(row.kind) }
    let lead = rows.prefix(while: isBeside).count
    let trail = rows.dropFirst(lead).reversed().prefix(while: isBeside).count
    return (lead, rows.count - lead - trail)
  }
}
