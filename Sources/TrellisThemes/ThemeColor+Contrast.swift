import Foundation

extension ThemeColor {
  /// Black or white, whichever reads better on this colour (the higher WCAG contrast ratio):
  /// the text colour of a row whose theme sets its background but not its text, which would
  /// otherwise take the page's, white on cyan in dark mode.
  package var readableText: ThemeColor {
    let luminance = relativeLuminance
    let onBlack = (luminance + 0.05) / 0.05
    let onWhite = 1.05 / (luminance + 0.05)
    return onBlack >= onWhite
      ? ThemeColor(red: 0, green: 0, blue: 0, alpha: 1)
      : ThemeColor(red: 1, green: 1, blue: 1, alpha: 1)
  }

  /// Whether the colour fills what it colours: a colour, not a pattern, at least half opaque.
  /// Text on it is read on it, and a terminal can draw it.
  package var isSolid: Bool { patternImage == nil && alpha >= 0.5 }

  /// WCAG 2's relative luminance of the colour, from 0 (black) to 1 (white).
  package var relativeLuminance: Double {
    func linear(_ channel: Double) -> Double {
      channel <= 0.04045 ? channel / 12.92 : pow((channel + 0.055) / 1.055, 2.4)
    }
    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
  }
}
