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
  /// exactly as tall as a footer height says; nothing when the section has none of them.
  func footer(_ section: SectionSnapshot) -> String {
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
    return "<div class=\"\(classes)\"\(HTML.attribute("style", css))>\(content)</div>"
  }

  /// A length in points as CSS pixels (`24px`); `nil` outside 0 to 10,000, which no page
  /// could show.
  static func length(_ points: Double) -> String? {
    guard points >= 0, points < 10_000 else { return nil }
    return "\(ThemeColor.shortNumber(points))px"
  }
}
