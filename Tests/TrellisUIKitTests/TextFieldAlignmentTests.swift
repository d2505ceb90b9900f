import Testing
import Trellis
import TrellisUIKitOnMirror
import UIKitMirror

/// A text field aligns its text as its row says (InAppSettingsKit's `IASKTextAlignment`), and
/// at the right, beside its title, when the row says nothing.
@Suite("Text field alignment through the adapter")
@MainActor
struct TextFieldAlignmentTests {
  @Test func aRowsAlignmentReachesItsTextField() throws {
    let model = TableModel(title: "Tags")
    let section = Section(id: "s")
    var left = Row(id: RowID(.string("l")), kind: .textField, text: "Left")
    left.attributes.textAlignment = .left
    section.addRow(left)
    var centred = Row(id: RowID(.string("c")), kind: .numericTextField, text: "Centred")
    centred.attributes.textAlignment = .center
    section.addRow(centred)
    section.addRow(Row(id: RowID(.string("d")), kind: .textField, text: "Default"))
    model.addSection(section)
    let controller = Apps.show(Navigator(root: Screen(model: model)))
    let table = try #require(try Apps.top(controller).tableView)
    #expect(try Shown.control(UITextField.self, of: "Left", in: table).textAlignment == .left)
    #expect(
      try Shown.control(UITextField.self, of: "Centred", in: table).textAlignment == .center)
    #expect(
      try Shown.control(UITextField.self, of: "Default", in: table).textAlignment == .right)
  }
}
