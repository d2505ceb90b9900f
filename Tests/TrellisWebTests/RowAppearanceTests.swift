import Testing
import Trellis
import TrellisExamples
import TrellisTesting

@testable import TrellisWeb

/// A row's own background, alignment, height and focus reach the page.
@Suite("Row appearance on the page")
struct RowAppearanceTests {
  func html(_ configure: (inout Row) -> Void, theme: Theme? = nil) -> String {
    let model = TableModel(title: "Rows")
    model.theme = theme
    let section = Section(id: "s")
    var row = Row(id: RowID(.string("a")), kind: .textView, text: "Notes")
    configure(&row)
    section.addRow(row)
    model.addSection(section)
    model.processChanges()
    return HTMLRenderer().screen(model.screenSnapshot())
  }

  /// A custom row whose template the page lacks (InAppSettingsKit's custom view) shows its
  /// title and value, and is a button only when it leads somewhere.
  @Test func aCustomRowWithoutItsTemplateIsAButtonOnlyWhenItLeadsSomewhere() {
    let plain = html { row in
      row.kind = .custom
      row.text = "Custom view"
      row.attributes.template = "NotRegistered"
    }
    #expect(plain.contains(#"<div class="cell">"#))
    #expect(plain.contains("Custom view"))
    #expect(!plain.contains(#"class="cell select""#))
    let leading = html { row in
      row.kind = .custom
      row.text = "Custom view"
      row.accessory = .disclosureIndicator
    }
    #expect(leading.contains(#"class="cell select"#))
  }

  @Test func backgroundAndAlignmentWinOverTheTheme() throws {
    let theme = try TestFixtures.seedTheme()
    let page = html(
      { row in
        row.attributes.backgroundColor = ThemeColor(red: 0, green: 0, blue: 1)
        row.attributes.textAlignment = .center
      }, theme: theme)
    #expect(page.contains("background-color: rgba(0, 0, 255, 1);"))
    #expect(!page.contains("background-color: rgba(0, 255, 255, 1);"))  // the theme's cyan
    #expect(page.contains("text-align: center;"))
    #expect(page.contains("Chalkduster"))  // the theme's font stays
    // Without a theme, the row's own appearance still shows.
    let plain = html { $0.attributes.backgroundColor = ThemeColor(red: 1, green: 0, blue: 0) }
    #expect(plain.contains("background-color: rgba(255, 0, 0, 1);"))
  }

  /// A text field aligns its text as its row says (InAppSettingsKit's `IASKTextAlignment`),
  /// on the field itself: the page's own rule puts a titled field's text at the right.
  @Test func aTextFieldsAlignmentReachesItsField() {
    func field(_ alignment: RowAttributes.TextAlignment?, kind: RowKind) -> String {
      var row = Row(id: RowID(.string("a")), kind: kind, text: "Tag")
      row.attributes.textAlignment = alignment
      return HTMLRenderer().row(RowSnapshot(row), index: 0, editing: false)
    }
    #expect(field(.left, kind: .textField).contains(#"style="text-align: left""#))
    #expect(field(.center, kind: .numericTextField).contains(#"style="text-align: center""#))
    #expect(!field(nil, kind: .textField).contains("text-align"))
  }

  @Test func selectedRowsSayTheyAre() {
    var row = RowSnapshot(Row(id: RowID(.string("a")), kind: .plain, text: "A"))
    row.isSelected = true
    let html = HTMLRenderer().row(row, index: 0, editing: false)
    #expect(html.contains(#"class="row k-plain selected""#))
    #expect(html.contains(#"aria-selected="true""#))
  }

  @Test func heightsAndFocus() {
    let page = html { row in
      row.height = 88
      row.attributes.minimumHeight = 60
      row.attributes.maximumHeight = 200
      row.attributes.becomesFirstResponder = true
    }
    #expect(page.contains("min-height: 88px;"))
    #expect(page.contains(#"style="min-height: 60px; max-height: 200px; overflow-y: auto;""#))
    #expect(page.contains("data-autofocus"))
    #expect(!html { _ in }.contains("data-autofocus"))
  }

  /// A field that enters its value when editing ends tells the page, which then sends it on
  /// change or Enter only (values.js and actions.js, among the client script's modules).
  @Test func aFieldThatEntersItsValueWhenEditingEndsSaysSo() {
    let field = html { row in
      row.kind = .textField
      row.attributes.entersValueWhenEditingEnds = true
    }
    #expect(field.contains(#"data-enters="end""#))
    #expect(!html { $0.kind = .textField }.contains("data-enters"))
  }
}
