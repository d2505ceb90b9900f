import Trellis

/// How a table looks beyond its rows' texts: header and footer views and heights (from the
/// theme and from the section), UIKit's four cell styles, tinted controls, a selected
/// background, control layout, a text view that keeps its height, an image picker, and a
/// long list whose `willDisplay` action numbers each row as a host first shows it.
public enum LooksExample {
  /// The theme: the first section's header view and height come from `BannerSection`, the
  /// controls' tints and layout from `TintedCell`, the cell styles' pressed colour from
  /// `PressedCell`.
  public static let themeText = """
    BannerSection
    {
        headerView: "looks_banner";
        headerHeight: 66;
        footerTitle: "The header is an image the theme names.";
    }

    PressedCell
    {
        selectedBackgroundColor: yellowColor;
    }

    TintedCell
    {
        switchControl.onTintColor: orangeColor;
        slider.minimumTrackTintColor: purpleColor;
        slider.maximumTrackTintColor: lightGrayColor;
        slider.thumbTintColor: orangeColor;
        segmentedControl.tintColor: #0a84ff;
        controlIndentation: 150;
        controlMargin: 20;
        maxTextLabelWidth: 130;
    }

    """

  /// The image the theme's header view names, and the one the cell styles' section shows.
  public static let bannerImage = "looks_banner"
  /// The header view the cell styles' section sets itself.
  public static let ribbonImage = "looks_ribbon"

  /// The screen, over `values`, with a long list of `rowCount` rows; `counter` counts the
  /// rows its `willDisplay` action saw.
  public static func screen(
    values: LooksValues, counter: DisplayCounter, rowCount: Int = 5_000
  ) throws(DiagnosticList) -> Screen {
    let model = TableModel(title: "Looks")
    model.theme = try Theme(parsing: themeText, file: "Looks.sct")
    model.addSection(bannerSection())
    model.addSection(cellStylesSection())
    model.addSection(controlsSection(values))
    model.addSection(longSection(rowCount: rowCount, counter: counter))
    return Screen(model: model)
  }

  /// A navigator on a fresh screen with its own values and counter.
  public static func navigator(rowCount: Int = 5_000) throws(DiagnosticList) -> Navigator {
    Navigator(
      root: try screen(values: LooksValues(), counter: DisplayCounter(), rowCount: rowCount))
  }

  /// A section whose header view, height and footer come from the theme.
  static func bannerSection() -> Section {
    let section = Section(id: "banner", header: "Header view")
    section.themeStyle = "BannerSection"
    section.addRow(Row(id: RowID(.string("banner-note")), text: "Styled from the theme"))
    return section
  }

  /// UIKit's four cell styles, under a header view and heights the section sets itself.
  static func cellStylesSection() -> Section {
    let section = Section(
      id: "styles", header: "Cell styles", footer: "The section sets its own header view.")
    section.headerView = ThemeImage(name: ribbonImage)
    section.headerHeight = 44
    section.footerHeight = 44
    let rows: [(String, String, String, RowAttributes.CellStyle)] = [
      ("default", "Default", "not shown", .default),
      ("value1", "Value 1", "On the right", .value1),
      ("email", "email", "ada@example.com", .value2),
      ("phone", "phone", "+44 20 7946 0000", .value2),
      ("subtitle", "Subtitle", "Under the text", .subtitle),
    ]
    for (id, text, detail, style) in rows {
      var row = Row(id: RowID(.string(id)), text: text, detailText: detail)
      row.attributes.cellStyle = style
      row.themeStyle = "PressedCell"
      if style == .default { row.imageName = "avatar_ada" }
      section.addRow(row)
    }
    return section
  }

  /// Controls tinted and laid out by the theme, a text view of fixed height, and a picture.
  static func controlsSection(_ values: LooksValues) -> Section {
    let section = Section(id: "controls", header: "Tinted controls")
    func add(
      _ id: String, _ kind: RowKind, _ text: String, _ binding: RowBinding,
      _ change: (inout Row) -> Void = { _ in }
    ) {
      var row = Row(id: RowID(.string(id)), kind: kind, text: text, binding: binding)
      row.themeStyle = "TintedCell"
      change(&row)
      section.addRow(row)
    }
    add("notify", .switch, "Notify", RowBinding(values, \.notify, name: "notify"))
    add("volume", .slider, "Volume", RowBinding(values, \.volume, name: "volume")) {
      $0.attributes.minimum = 0
      $0.attributes.maximum = 1
    }
    add("size", .segmented, "Size", RowBinding(values, \.size, name: "size")) {
      $0.attributes.segmentTitles = ["S", "M", "L"]
    }
    add("nickname", .textField, "Nickname", RowBinding(values, \.nickname, name: "nickname"))
    add("notes", .textView, "Notes", RowBinding(values, \.notes, name: "notes")) {
      $0.attributes.growsWithText = false
      $0.attributes.minimumHeight = 60
    }
    add("photo", .imagePicker, "Photo", RowBinding(values, \.photo, name: "photo"))
    return section
  }

  /// A long list rendered on demand: its `willDisplay` action numbers each row in the order
  /// hosts first show it, so a row far down shows a small number once scrolled to.
  static func longSection(rowCount: Int, counter: DisplayCounter) -> Section {
    let section = ContentSection(
      id: "long", header: "Shown as they come into view", content: Array(1...max(rowCount, 1))
    ) { number, row in
      row.text = "Row \(number)"
    }
    section.rendersRowsOnDemand = true
    section.rowActions.willDisplay = { row, _ in
      row.detailText = "shown #\(counter.next())"
    }
    return section
  }
}
