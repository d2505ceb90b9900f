import Trellis

/// How a cell looks: the theme's resolved style for its row (element, odd/even and named
/// styles) with the row's own colours and alignment over it, as the values UIKit sets.
public struct CellAppearance: Hashable, Sendable {
  /// The cell's background.
  public var backgroundColor: ThemeColor?
  /// An image behind the cell.
  public var backgroundImage: ThemeImage?
  /// The main text's colour.
  public var textColor: ThemeColor?
  /// The detail text's colour.
  public var detailTextColor: ThemeColor?
  /// The main text's font.
  public var font: ThemeFont?
  /// The detail text's font.
  public var detailFont: ThemeFont?
  /// The main text's alignment.
  public var textAlignment: RowAttributes.TextAlignment?
  /// The colour of controls (switches, sliders, steppers).
  public var tintColor: ThemeColor?
  /// A switch's colour when on (`switchControl.onTintColor`, else ``tintColor``).
  public var switchOnTintColor: ThemeColor?
  /// A slider's track left of the thumb (`slider.minimumTrackTintColor`, else ``tintColor``).
  public var sliderMinimumTrackTintColor: ThemeColor?
  /// A slider's track right of the thumb.
  public var sliderMaximumTrackTintColor: ThemeColor?
  /// A slider's thumb.
  public var sliderThumbTintColor: ThemeColor?
  /// A segmented control's selected segment (`segmentedControl.tintColor`, else ``tintColor``).
  public var segmentedControlTintColor: ThemeColor?
  /// The background of the cell while it is selected.
  public var selectedBackgroundColor: ThemeColor?
  /// An image behind the cell while it is selected.
  public var selectedBackgroundImage: ThemeImage?
  /// The space between a control row's title and its control (`controlMargin`), in points.
  public var controlMargin: Double?
  /// The smallest distance from the cell's leading edge to its control
  /// (`controlIndentation`), in points, so that the controls of rows under each other line up.
  public var controlIndentation: Double?
  /// The widest a control row's title may be (`maxTextLabelWidth`), in points.
  public var maxTextLabelWidth: Double?

  /// Whether the theme places a control row's control itself (any of ``controlMargin``,
  /// ``controlIndentation`` and ``maxTextLabelWidth``), rather than at the cell's trailing
  /// edge at its own width.
  public var laysOutControl: Bool {
    controlMargin != nil || controlIndentation != nil || maxTextLabelWidth != nil
  }

  /// The appearance `style` gives; no style gives the platform's.
  public init(_ style: ResolvedStyle?) {
    guard let style else { return }
    backgroundColor = style.backgroundColor
    backgroundImage = style.backgroundView ?? style.backgroundImage
    textColor = style.textColor
    detailTextColor = style.detailTextColor
    font = style.font
    detailFont = style.detailFont
    tintColor = style.tintColor
    switchOnTintColor = style.switchOnTintColor
    sliderMinimumTrackTintColor = style.sliderMinimumTrackTintColor
    sliderMaximumTrackTintColor = style.sliderMaximumTrackTintColor
    sliderThumbTintColor = style.sliderThumbTintColor
    segmentedControlTintColor = style.segmentedControlTintColor
    selectedBackgroundColor = style.selectedBackgroundColor
    selectedBackgroundImage = style.selectedBackgroundView
    controlMargin = style.controlMargin
    controlIndentation = style.controlIndentation
    maxTextLabelWidth = style.maxTextLabelWidth
    let alignment =
      style["textLabel.textAlignment"]?.nameValue ?? style["textAlignment"]?.nameValue
    textAlignment = alignment.flatMap { RowAttributes.TextAlignment(rawValue: $0) }
  }
}
