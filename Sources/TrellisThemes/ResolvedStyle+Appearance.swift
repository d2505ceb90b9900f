import TrellisValues

/// Accessors for sections' headers and footers, controls' tints, selected backgrounds and
/// control layout: the attributes every host reads alike.
extension ResolvedStyle {
  // MARK: Headers and footers

  /// A section's `headerView`: an image shown as the header, in place of the header title.
  public var headerView: ThemeImage? { image("headerView") }
  /// A section's `footerView`: an image shown as the footer, in place of the footer title.
  public var footerView: ThemeImage? { image("footerView") }
  /// A section's `headerHeight`, else the table's `sectionHeaderHeight`, in points.
  public var headerHeight: Double? { number("headerHeight") ?? number("sectionHeaderHeight") }
  /// A section's `footerHeight`, else the table's `sectionFooterHeight`, in points.
  public var footerHeight: Double? { number("footerHeight") ?? number("sectionFooterHeight") }
  /// A section's `headerTitle`: the header of a section that has no title of its own.
  public var headerTitle: String? { string("headerTitle") }
  /// A section's `footerTitle`: the footer of a section that has no title of its own.
  public var footerTitle: String? { string("footerTitle") }

  /// A section's own header and footer settings as a style that a host draws like a theme's
  /// and lays over it; `nil` when the section sets none.
  public static func sectionOwn(
    headerView: ThemeImage?, headerHeight: Double?, footerView: ThemeImage?,
    footerHeight: Double?
  ) -> ResolvedStyle? {
    var style = ResolvedStyle()
    if let headerView { style.attributes["headerView"] = .image(headerView) }
    if let headerHeight { style.attributes["headerHeight"] = .number(headerHeight) }
    if let footerView { style.attributes["footerView"] = .image(footerView) }
    if let footerHeight { style.attributes["footerHeight"] = .number(footerHeight) }
    return style.isEmpty ? nil : style
  }

  // MARK: Controls

  /// A switch's colour when on: `switchControl.onTintColor`, else the cell's `tintColor`.
  public var switchOnTintColor: ThemeColor? { color("switchControl.onTintColor") ?? tintColor }
  /// The track left of a slider's thumb: `slider.minimumTrackTintColor`, else `tintColor`.
  public var sliderMinimumTrackTintColor: ThemeColor? {
    color("slider.minimumTrackTintColor") ?? tintColor
  }
  /// The track right of a slider's thumb: `slider.maximumTrackTintColor`.
  public var sliderMaximumTrackTintColor: ThemeColor? { color("slider.maximumTrackTintColor") }
  /// A slider's thumb: `slider.thumbTintColor`.
  public var sliderThumbTintColor: ThemeColor? { color("slider.thumbTintColor") }
  /// A segmented control's colour: `segmentedControl.tintColor`, else `tintColor`.
  public var segmentedControlTintColor: ThemeColor? {
    color("segmentedControl.tintColor") ?? tintColor
  }

  // MARK: Selection

  /// The background of a selected or pressed row: `selectedBackgroundColor`.
  public var selectedBackgroundColor: ThemeColor? { color("selectedBackgroundColor") }
  /// An image behind a selected or pressed row: `selectedBackgroundView`.
  public var selectedBackgroundView: ThemeImage? { image("selectedBackgroundView") }

  // MARK: Control layout

  /// `controlMargin`: the space between a row's text and its control, in points.
  public var controlMargin: Double? { number("controlMargin") }
  /// `controlIndentation`: the smallest distance from the row's leading edge to its control,
  /// in points, so that the controls of rows under each other line up.
  public var controlIndentation: Double? { number("controlIndentation") }
  /// `maxTextLabelWidth`: the widest a control row's text may be, in points.
  public var maxTextLabelWidth: Double? { number("maxTextLabelWidth") }
  /// `autoResize`: whether a text view grows with its text; `nil` when the style says nothing.
  public var autoResize: Bool? { bool("autoResize") }
}
