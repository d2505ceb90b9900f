import Foundation
import Testing
import TrellisValues

@testable import TrellisThemes

/// Headers and footers, control tints, selected backgrounds and control layout: the keys
/// parse with their types, lay over each other as documented, and bad values are refused
/// where they are written.
@Suite("Theme looks")
struct ThemeLooksTests {
  static let text = """
    UITableView
    {
        sectionHeaderHeight: 30;
        sectionFooterHeight: 12;
    }

    Banner
    {
        headerView: "banner.png";
        headerHeight: 66;
        footerView: "rule.png" capInsets(1, 2, 1, 2);
        headerTitle: "From the theme";
    }

    Tinted
    {
        tintColor: blueColor;
        switchControl.onTintColor: orangeColor;
        slider.thumbTintColor: #00FF00;
        selectedBackgroundColor: yellowColor;
        selectedBackgroundView: "pressed.png";
        controlIndentation: 150;
        controlMargin: 20;
        maxTextLabelWidth: 130;
        autoResize: NO;
    }
    """

  @Test func everyKeyParsesWithoutAWord() throws {
    let result = Theme.parse(Self.text, file: "Looks.sct")
    #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
  }

  @Test func aSectionTakesTheTablesHeightsUnderItsOwn() throws {
    let theme = try Theme(parsing: Self.text)
    let banner = theme.sectionAppearance(themeStyle: "Banner")
    #expect(banner.headerView == ThemeImage(name: "banner.png"))
    #expect(banner.headerHeight == 66)  // the section's own wins over the table's 30
    #expect(banner.footerHeight == 12)  // the table's, since the section sets none
    #expect(banner.footerView?.capInsets == ThemeEdgeInsets(top: 1, left: 2, bottom: 1, right: 2))
    #expect(banner.headerTitle == "From the theme")
    let plain = theme.sectionAppearance()
    #expect(plain.headerHeight == 30 && plain.headerView == nil)
    // A section's own settings lay over the theme's.
    let own = try #require(
      ResolvedStyle.sectionOwn(
        headerView: ThemeImage(name: "mine"), headerHeight: 20, footerView: nil,
        footerHeight: nil))
    let laid = banner.overlaid(with: own)
    #expect(laid.headerView?.name == "mine" && laid.headerHeight == 20)
    #expect(laid.footerView?.name == "rule.png")
    #expect(
      ResolvedStyle.sectionOwn(
        headerView: nil, headerHeight: nil, footerView: nil, footerHeight: nil)
        == nil)
  }

  @Test func controlTintsFallBackOnTheTint() throws {
    let theme = try Theme(parsing: Self.text)
    let style = theme.resolvedStyle(forRowKind: .switch, themeStyle: "Tinted")
    #expect(style.switchOnTintColor == ThemeColor(named: "orangeColor"))
    #expect(style.sliderThumbTintColor == ThemeColor(red: 0, green: 1, blue: 0))
    // No slider track or segment tint of their own: the cell's tint.
    #expect(style.sliderMinimumTrackTintColor == ThemeColor(named: "blueColor"))
    #expect(style.segmentedControlTintColor == ThemeColor(named: "blueColor"))
    #expect(style.sliderMaximumTrackTintColor == nil)
    #expect(style.selectedBackgroundColor == ThemeColor(named: "yellowColor"))
    #expect(style.selectedBackgroundView == ThemeImage(name: "pressed.png"))
    #expect(style.controlIndentation == 150 && style.controlMargin == 20)
    #expect(style.maxTextLabelWidth == 130)
    #expect(style.autoResize == false)
    #expect(theme.resolvedStyle(forRowKind: .switch).autoResize == nil)
  }

  @Test func badValuesAreLocatedErrors() {
    let text = """
      A {
        headerHeight: -4;
        controlIndentation: -1;
        footerView: 12;
        autoResize: maybe;
        switchControl.onTintColor: "stripes.png";
      }
      """
    let messages = ThemeTestSupport.messages(text)
    #expect(messages.contains("2:17: error: 'headerHeight' must be 0 or more, found -4"))
    #expect(messages.contains("3:23: error: 'controlIndentation' must be 0 or more, found -1"))
    #expect(
      messages.contains(
        "4:15: error: expected a quoted image name for 'footerView', found a number"))
    #expect(messages.contains { $0.hasPrefix("5:15: warning: unknown Boolean 'maybe'") })
    #expect(messages.count == 4, "\(messages)")
    // A negative number where it means no length is still accepted.
    #expect(ThemeTestSupport.messages("A { alpha: 0.5; layer.cornerRadius: 4; }").isEmpty)
  }
}
