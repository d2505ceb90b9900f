import Foundation
import Testing
import Trellis
import TrellisTerminal
import TrellisTesting

/// The text renderer draws a screen snapshot as a terminal would show it.
@Suite("Text renderer")
struct TextRendererTests {
  @Test func terminalRendersGroupsValuesAccessoriesAndEditControls() {
    let profile = DocumentObject(["firstName": "Ken", "subscribed": false])
    let model = TableModel(title: "Profile")
    let section = Section(header: "Account", footer: "Footer text")
    section.addRow(
      "First name", kind: .textField, binding: RowBinding(profile, keyPath: "firstName"))
    section.addRow("Subscribed", kind: .switch, binding: RowBinding(profile, keyPath: "subscribed"))
    var more = Row(id: RowID("more"), text: "More")
    more.accessory = .disclosureIndicator
    more.isDeletable = true
    more.isMovable = true
    more.editingStyle = .delete
    section.addRow(more)
    model.addSection(section)
    let renderer = TextRenderer(width: 40)
    let text = renderer.render(model.drawn())
    let expected = """
      Profile
      =======

        ACCOUNT
        +--------------------------------------+
        | First name                       Ken |
        | Subscribed                       [ ] |
        | More                               > |
        +--------------------------------------+
         Footer text

      """
    #expect(text == expected)
    let editing = renderer.render(model.screenSnapshot(isEditing: true))
    #expect(editing.contains("| (-) More                           ≡ |"))
  }

  /// A text field's value goes where its row aligns it (InAppSettingsKit's
  /// `IASKTextAlignment`): at the right by default, after the title when left, in the middle
  /// of the room the title leaves when centred.
  @Test func aTextFieldsValueGoesWhereItsRowAlignsIt() {
    func line(_ alignment: RowAttributes.TextAlignment?, title: String?) -> String {
      let model = TableModel(title: "Tags")
      let section = Section()
      let tag = DocumentObject(["tag": "alpha"])
      var row = Row(
        id: RowID("tag"), kind: .textField, text: title, binding: RowBinding(tag, keyPath: "tag"))
      row.attributes.textAlignment = alignment
      section.addRow(row)
      model.addSection(section)
      let text = TextRenderer(width: 30).render(model.drawn())
      return text.split(separator: "\n").first { $0.contains("alpha") }.map(String.init) ?? ""
    }
    #expect(line(nil, title: "Tag") == "  | Tag                  alpha |")
    #expect(line(.left, title: "Tag") == "  | Tag alpha                  |")
    #expect(line(.left, title: nil) == "  | alpha                      |")
    #expect(line(.center, title: nil) == "  |           alpha            |")
  }
}
