import Foundation
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

  /// A text field in a row with no title fills the row inside its margins, as the web's field
  /// does, instead of sitting at the right of an empty row; a titled one stays beside its
  /// title.
  @Test func anUntitledTextFieldFillsItsRow() throws {
    let model = TableModel(title: "Notes")
    let section = Section(id: "s")
    let note = DocumentObject(["line": "Milk"])
    var untitled = Row(
      id: RowID(.string("u")), kind: .textField, binding: RowBinding(note, keyPath: "line"))
    untitled.attributes.placeholder = "New item"
    section.addRow(untitled)
    section.addRow(Row(id: RowID(.string("t")), kind: .textField, text: "Titled"))
    model.addSection(section)
    let controller = Apps.show(Navigator(root: Screen(model: model)))
    let table = try #require(try Apps.top(controller).tableView)
    let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
    #expect(cell.accessoryView == nil)
    let field = try #require(cell.contentView.subviews.compactMap { $0 as? UITextField }.first)
    #expect(field.text == "Milk")
    #expect(field.placeholder == "New item")
    #expect(field.textAlignment == .natural)
    cell.contentView.frame = CGRect(x: 0, y: 0, width: 375, height: 44)
    cell.layoutSubviews()
    #expect(field.frame == CGRect(x: 16, y: 8, width: 343, height: 28))
    // What is typed there reaches the object.
    field.text = "Eggs"
    field.sendActions(for: .editingDidEnd)
    #expect(try note.value(forKey: "line") == "Eggs")
    #expect(try Shown.control(UITextField.self, of: "Titled", in: table).textAlignment == .right)
  }

  /// A text view sits under its title across the row, as the web stacks it, instead of in a
  /// narrow accessory beside the title; the row is tall enough for both, and the title keeps
  /// to its line above. Without a title it fills the row.
  @Test func aTextViewSitsUnderItsTitleAcrossTheRow() throws {
    let model = TableModel(title: "Notes")
    let section = Section(id: "s")
    let note = DocumentObject(["body": "Milk\nEggs", "draft": ""])
    var titled = Row(
      id: RowID(.string("t")), kind: .textView, text: "Body",
      binding: RowBinding(note, keyPath: "body"))
    titled.attributes.minimumHeight = 120
    section.addRow(titled)
    section.addRow(
      Row(id: RowID(.string("u")), kind: .textView, binding: RowBinding(note, keyPath: "draft")))
    model.addSection(section)
    let controller = Apps.show(Navigator(root: Screen(model: model)))
    let table = try #require(try Apps.top(controller).tableView)
    let delegate = try #require(table.delegate)

    let cell = try #require(table.cellForRow(at: IndexPath(row: 0, section: 0)))
    #expect(cell.accessoryView == nil)
    let view = try #require(cell.contentView.subviews.compactMap { $0 as? UITextView }.first)
    #expect(view.text == "Milk\nEggs")
    let height = delegate.tableView(table, heightForRowAt: IndexPath(row: 0, section: 0))
    #expect(height == CGFloat(36 + 120 + 16))
    let title = try #require(cell.contentConfiguration as? UIListContentConfiguration)
    #expect(title.text == "Body")
    #expect(title.directionalLayoutMargins.bottom == CGFloat(120 + 16), "the title keeps above it")
    cell.contentView.frame = CGRect(x: 0, y: 0, width: 375, height: height)
    cell.layoutSubviews()
    #expect(view.frame == CGRect(x: 16, y: 36 + 8, width: 343, height: 120))
    // What is typed there reaches the object.
    view.text = "Bread"
    view.delegate?.textViewDidEndEditing(view)
    #expect(try note.value(forKey: "body") == "Bread")

    let untitled = try #require(table.cellForRow(at: IndexPath(row: 1, section: 0)))
    let field = try #require(untitled.contentView.subviews.compactMap { $0 as? UITextView }.first)
    let plain = delegate.tableView(table, heightForRowAt: IndexPath(row: 1, section: 0))
    #expect(plain == CGFloat(88 + 16))
    untitled.contentView.frame = CGRect(x: 0, y: 0, width: 375, height: plain)
    untitled.layoutSubviews()
    #expect(field.frame == CGRect(x: 16, y: 8, width: 343, height: 88))
  }
}
