import Testing
import TrellisValues

@testable import TrellisThemes

/// The cascade: generic cell < kind < section's odd/even style < the row's named style.
@Suite("Theme resolution")
struct ThemeResolutionTests {
  let theme: Theme = {
    let text = """
      SCTableViewCell {
          backgroundColor: whiteColor;
          textLabel.font: Chalkduster 14;
          textLabel.textColor: blackColor;
          height: 44;
      }
      SCTextFieldCell {
          textField.font: Menlo 12;
          textLabel.textColor: darkGrayColor;
      }
      switchCell { switchControl.onTintColor: greenColor; }
      section { oddCellsThemeStyle: Odd; evenCellsThemeStyle: Even; }
      SCArrayOfStringsSection { evenCellsThemeStyle: Striped; }
      Odd { backgroundColor: #EEEEEE; }
      Even { backgroundColor: #DDDDDD; detailTextLabel.font: Georgia 10; }
      Striped { backgroundColor: "stripes.png"; }
      RedCell { backgroundColor: redColor; }
      UITableView { separatorStyle: singleLineEtched; backgroundColor: greenColor; }
      table { separatorColor: grayColor; }
      navigationBar { barTintColor: #102030; }
      Dark { barTintColor: blackColor; backgroundColor: blackColor; }
      """
    return Theme.parse(text).theme
  }()

  /// `SCControlCell` styles every cell with a control, over the generic cell style and under
  /// its kind's; other cells keep the generic style.
  @Test func theControlCellStyleAppliesToControlCellsOnly() {
    let parsed = Theme.parse(
      """
      SCTableViewCell { controlMargin: 4; }
      SCControlCell { controlMargin: 20; controlIndentation: 150; }
      SCSwitchCell { controlIndentation: 90; }
      """)
    #expect(parsed.diagnostics.isEmpty, "\(parsed.diagnostics)")
    let theme = parsed.theme
    #expect(theme.resolvedStyle(forRowKind: .textField).controlMargin == 20)
    #expect(theme.resolvedStyle(forRowKind: .textField).controlIndentation == 150)
    #expect(theme.resolvedStyle(forRowKind: .switch).controlIndentation == 90)
    #expect(theme.resolvedStyle(forRowKind: .plain).controlMargin == 4)
    #expect(theme.resolvedStyle(forRowKind: .button).controlIndentation == nil)
  }

  @Test func genericCellStyleAppliesToEveryKind() {
    for kind in RowKind.allCases {
      let style = theme.resolvedStyle(forRowKind: kind)
      #expect(style.font == ThemeFont(name: "Chalkduster", size: 14), "\(kind)")
      #expect(style.height == 44)
    }
  }

  @Test func kindStyleOverridesPerAttribute() {
    let style = theme.resolvedStyle(forRowKind: .textField)
    #expect(style.textColor == ThemeColor(white: 1.0 / 3))
    #expect(style.font("textField.font") == ThemeFont(name: "Menlo", size: 12))
    #expect(style.font == ThemeFont(name: "Chalkduster", size: 14))
    #expect(style.backgroundColor == ThemeColor(white: 1))
    #expect(style.appliedStyles == ["SCTableViewCell", "SCTextFieldCell"])
    #expect(theme.resolvedStyle(forRowKind: .switch).color("switchControl.onTintColor") != nil)
    #expect(theme.resolvedStyle(forRowKind: .label).color("switchControl.onTintColor") == nil)
  }

  @Test func oddAndEvenCountRowsFromOne() {
    #expect(Theme.isOddRow(0))
    #expect(!Theme.isOddRow(1))
    #expect(Theme.isOddRow(2))
    let first = theme.resolvedStyle(forRowKind: .plain, rowIndex: 0)
    let second = theme.resolvedStyle(forRowKind: .plain, rowIndex: 1)
    #expect(first.backgroundColor?.hexString == "#EEEEEE")
    #expect(second.backgroundColor?.hexString == "#DDDDDD")
    #expect(second.detailFont == ThemeFont(name: "Georgia", size: 10))
    #expect(first.detailFont == nil)
    // The alternating style keeps what the element styles set.
    #expect(second.font == ThemeFont(name: "Chalkduster", size: 14))
    #expect(second.appliedStyles == ["SCTableViewCell", "Even"])
  }

  @Test func withoutARowIndexNoAlternatingStyleApplies() {
    #expect(theme.resolvedStyle(forRowKind: .plain).backgroundColor == ThemeColor(white: 1))
    #expect(
      theme.resolvedStyle(forRowKind: .plain, rowIndex: -1).backgroundColor == ThemeColor(white: 1))
  }

  @Test func namedStyleWinsOverEverythingAndKeepsTheRest() {
    let style = theme.resolvedStyle(forRowKind: .textField, themeStyle: "RedCell", rowIndex: 1)
    #expect(style.backgroundColor == ThemeColor(red: 1, green: 0, blue: 0))
    #expect(style.font == ThemeFont(name: "Chalkduster", size: 14))
    #expect(style.textColor == ThemeColor(white: 1.0 / 3))
    #expect(style.detailFont == ThemeFont(name: "Georgia", size: 10))
    #expect(style.appliedStyles == ["SCTableViewCell", "SCTextFieldCell", "Even", "RedCell"])
  }

  @Test func unknownNamedStyleIsIgnored() {
    let style = theme.resolvedStyle(forRowKind: .plain, themeStyle: "Nope", rowIndex: 0)
    #expect(style == theme.resolvedStyle(forRowKind: .plain, rowIndex: 0))
  }

  @Test func sectionKindAndExplicitSectionStyle() {
    let strings = theme.sectionStyle(kind: .arrayOfStrings)
    #expect(strings.oddCellsThemeStyle == "Odd")
    #expect(strings.evenCellsThemeStyle == "Striped")
    let row = theme.resolvedStyle(forRowKind: .plain, rowIndex: 3, sectionStyle: strings)
    #expect(row.backgroundColor?.patternImage == "stripes.png")
    // A section with no alternating styles leaves rows alone.
    let plain = theme.resolvedStyle(forRowKind: .plain, rowIndex: 3, sectionStyle: .empty)
    #expect(plain.backgroundColor == ThemeColor(white: 1))
  }

  @Test func elementAliasesMergeInFileOrder() {
    let table = theme.tableStyle()
    #expect(table.separatorStyle == .singleLineEtched)
    #expect(table.separatorColor == ThemeColor(white: 0.5))
    #expect(table.appliedStyles == ["UITableView", "table"])
    #expect(theme.style(for: .table) == table)
  }

  @Test func namedStylesOnTableAndBar() {
    #expect(theme.navigationBarStyle().barTintColor?.hexString == "#102030")
    #expect(theme.navigationBarStyle(themeStyle: "Dark").barTintColor == ThemeColor(white: 0))
    #expect(theme.tableStyle(themeStyle: "Dark").backgroundColor == ThemeColor(white: 0))
    #expect(theme.tableStyle(themeStyle: "Dark").separatorStyle == .singleLineEtched)
  }

  @Test func elementNamesAndAliases() {
    #expect(ThemeElement(styleName: "UITableView") == .table)
    #expect(ThemeElement(styleName: "UINavigationBar") == .navigationBar)
    #expect(ThemeElement(styleName: "SCTableViewSection") == .section(nil))
    #expect(ThemeElement(styleName: "SCTableViewCell") == .cell(nil))
    #expect(ThemeElement(styleName: "UITableViewCell") == .cell(nil))
    #expect(ThemeElement(styleName: "cell") == .cell(nil))
    #expect(ThemeElement(styleName: "SCSwitchCell") == .cell(.switch))
    #expect(ThemeElement(styleName: "switchCell") == .cell(.switch))
    #expect(ThemeElement(styleName: "SCNumericTextFieldCell") == .cell(.numericTextField))
    #expect(ThemeElement(styleName: "loadMoreCell") == .cell(.loadMore))
    #expect(ThemeElement(styleName: "SCObjectSelectionSection") == .section(.objectSelection))
    #expect(ThemeElement(styleName: "RedCell") == nil)
    #expect(ThemeElement(styleName: "uitableview") == nil)
    // Every element's names lead back to it.
    for element in ThemeElement.allCases {
      for name in [element.name] + element.aliases {
        #expect(ThemeElement(styleName: name) == element, "\(name)")
      }
    }
  }

  @Test func laterBlocksOfTheSameNameOverridePerAttribute() {
    let theme = Theme.parse("A { height: 1; alpha: 0.5; }\nA { height: 2; }").theme
    #expect(theme.style(named: "A")?.height == 2)
    #expect(theme.style(named: "A")?.number("alpha") == 0.5)
    #expect(theme.styleNames == ["A"])
  }

  @Test func emptyThemeResolvesToEmptyStyles() {
    #expect(Theme.empty.resolvedStyle(forRowKind: .plain, themeStyle: "X", rowIndex: 0).isEmpty)
    #expect(Theme.empty.tableStyle() == .empty)
  }
}
