import Testing

@testable import TrellisThemes

/// The text colour that reads on a theme's background: black on light colours, white on dark.
@Suite("Readable text on a theme colour")
struct ThemeColorContrastTests {
  @Test func blackOnLightWhiteOnDark() {
    let black = ThemeColor(red: 0, green: 0, blue: 0)
    let white = ThemeColor(red: 1, green: 1, blue: 1)
    for light in [
      white, ThemeColor(red: 0, green: 1, blue: 1), ThemeColor(red: 1, green: 0.5, blue: 0),
    ] {
      #expect(light.readableText == black, "\(light)")
    }
    for dark in [
      black, ThemeColor(red: 0, green: 0, blue: 0.5), ThemeColor(red: 0.4, green: 0, blue: 0.4),
    ] {
      #expect(dark.readableText == white, "\(dark)")
    }
    #expect(abs(white.relativeLuminance - 1) < 1e-9)
  }
}
