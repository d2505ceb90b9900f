import Trellis

/// The 16 colours of an ANSI terminal, with their SGR codes.
public enum ANSIColor: Int, Hashable, Sendable, Codable, CaseIterable {
  case black, red, green, yellow, blue, magenta, cyan, white
  case brightBlack, brightRed, brightGreen, brightYellow, brightBlue, brightMagenta, brightCyan
  case brightWhite

  /// The SGR code that sets the foreground: 30–37, or 90–97 for bright colours.
  public var foregroundCode: Int { rawValue < 8 ? 30 + rawValue : 90 + rawValue - 8 }

  /// The SGR code that sets the background: 40–47, or 100–107 for bright colours.
  public var backgroundCode: Int { foregroundCode + 10 }

  /// The colour's usual look (xterm's defaults), 0–255 per component.
  public var rgb: (red: Int, green: Int, blue: Int) {
    switch self {
    case .black: (0, 0, 0)
    case .red: (205, 0, 0)
    case .green: (0, 205, 0)
    case .yellow: (205, 205, 0)
    case .blue: (0, 0, 238)
    case .magenta: (205, 0, 205)
    case .cyan: (0, 205, 205)
    case .white: (229, 229, 229)
    case .brightBlack: (127, 127, 127)
    case .brightRed: (255, 0, 0)
    case .brightGreen: (0, 255, 0)
    case .brightYellow: (255, 255, 0)
    case .brightBlue: (92, 92, 255)
    case .brightMagenta: (255, 0, 255)
    case .brightCyan: (0, 255, 255)
    case .brightWhite: (255, 255, 255)
    }
  }

  /// The terminal colour that looks closest to `color`, by the "redmean" weighted distance;
  /// `nil` for a colour that is mostly transparent or a pattern.
  public init?(nearestTo color: ThemeColor) {
    guard color.isSolid else { return nil }
    let (r, g, b) = color.rgb255
    var best = ANSIColor.black
    var bestDistance = Int.max
    for candidate in Self.allCases {
      let (cr, cg, cb) = candidate.rgb
      let meanRed = (r + cr) / 2
      let (dr, dg, db) = (r - cr, g - cg, b - cb)
      // Swift's `>>` binds tighter than `*`, so divide instead of shifting.
      let distance =
        (512 + meanRed) * dr * dr / 256 + 4 * dg * dg + (767 - meanRed) * db * db / 256
      if distance < bestDistance {
        best = candidate
        bestDistance = distance
      }
    }
    self = best
  }
}

/// The style for a terminal, for the terminal host.
extension ResolvedStyle {
  /// The SGR code for the background: the nearest ANSI colour to `backgroundColor`.
  public var ansiBackground: Int? {
    backgroundColor.flatMap(ANSIColor.init(nearestTo:))?.backgroundCode
  }

  /// The SGR code for the text: the nearest ANSI colour to the text colour.
  public var ansiForeground: Int? { textColor.flatMap(ANSIColor.init(nearestTo:))?.foregroundCode }

  /// The escape sequence that switches the terminal to this style (`ESC[1;96m`); empty if the
  /// style sets nothing a terminal shows. Reset with `ESC[0m`.
  public var ansiEscape: String { ansiEscape(depth: .sixteen) }

  /// ``ansiEscape`` with the colours a terminal of `depth` shows: the theme's own, or the
  /// nearest it has.
  public func ansiEscape(depth: TerminalColorDepth) -> String {
    var parameters: [String] = []
    if font?.isBold == true { parameters.append("1") }
    if font?.isItalic == true { parameters.append("3") }
    if let text = textColor.flatMap(depth.foreground) { parameters.append(text) }
    if let fill = backgroundColor.flatMap(depth.background) { parameters.append(fill) }
    guard !parameters.isEmpty else { return "" }
    return "\u{1B}[" + parameters.joined(separator: ";") + "m"
  }
}
