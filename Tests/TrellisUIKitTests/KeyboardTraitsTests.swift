import Foundation
import Testing
import Trellis
import TrellisUIKitOnMirror
import UIKitMirror

/// The keyboard and correction a row asks for reach its text field and text view.
@Suite("Keyboard traits through the adapter")
@MainActor
struct KeyboardTraitsTests {
  @Test func aRowsKeyboardAndCorrectionReachItsControls() throws {
    let model = TableModel(title: "Account")
    let section = Section(id: "s")
    var server = Row(id: RowID(.string("server")), kind: .textField, text: "Server")
    server.attributes.keyboard = .url
    server.attributes.autocorrects = false
    section.addRow(server)
    var phone = Row(id: RowID(.string("phone")), kind: .textField, text: "Phone")
    phone.attributes.keyboard = .phonePad
    section.addRow(phone)
    var note = Row(id: RowID(.string("note")), kind: .textView, text: "Note")
    note.attributes.autocorrects = true
    section.addRow(note)
    section.addRow(Row(id: RowID(.string("name")), kind: .textField, text: "Name"))
    model.addSection(section)
    let controller = Apps.show(Navigator(root: Screen(model: model)))
    let table = try #require(try Apps.top(controller).tableView)
    let field = try Shown.control(UITextField.self, of: "Server", in: table)
    #expect(field.keyboardType == .URL && field.autocorrectionType == .no)
    #expect(try Shown.control(UITextField.self, of: "Phone", in: table).keyboardType == .phonePad)
    #expect(try Shown.control(UITextView.self, of: "Note", in: table).autocorrectionType == .yes)
    let name = try Shown.control(UITextField.self, of: "Name", in: table)
    #expect(name.keyboardType == .default && name.autocorrectionType == .default)
  }
}
