import Testing
import Trellis

@testable import TrellisWeb

/// What a screen reader is told beyond what is drawn: a field's validation message as its
/// description, a field that cannot change as read-only, Done unavailable yet focusable, the
/// minus that shows Delete, a slider's value said once.
@Suite("Accessibility attributes in row and bar HTML")
struct AccessibleRowHTMLTests {
  func nameRow(message: String?) -> RowSnapshot {
    var row = Row(id: RowID(.string("name")), kind: .textField, text: "Name")
    row.binding = RowBinding(DocumentObject(["name": ""]), keyPath: "name")
    row.validationMessage = message
    return RowSnapshot(row)
  }

  @Test func aValidationMessageDescribesItsFieldAndIsNoAlert() {
    let html = HTMLRenderer().row(
      nameRow(message: "Name is required"), index: 0, editing: false, key: "r7")
    #expect(html.contains(#"aria-invalid="true" aria-describedby="validation-r7""#))
    #expect(html.contains(#"<p class="validation" id="validation-r7">Name is required</p>"#))
    #expect(!html.contains("role=\"alert\""))
  }

  @Test func aValidFieldHasNoDescription() {
    let html = HTMLRenderer().row(nameRow(message: nil), index: 0, editing: false, key: "r7")
    #expect(!html.contains("aria-describedby"))
    #expect(!html.contains("aria-invalid"))
  }

  /// A generated form marks the fields its definition requires before any message says so.
  @Test func aRequiredFieldIsMarkedBeforeItIsLeftEmpty() throws {
    var definition = DataDefinition.document(["name": "", "notes": ""], name: "Task")
    definition["name"]?.isRequired = true
    let model = TableModel(title: "Task")
    _ = try model.generateSections(
      for: DocumentObject(["name": "", "notes": ""]), definition: definition)
    let rows = model.processChanges().target.sections.flatMap(\.items)
    let name = try #require(rows.first { $0.text == "Name" })
    let notes = try #require(rows.first { $0.text == "Notes" })
    let renderer = HTMLRenderer()
    #expect(
      renderer.row(name, index: 0, editing: false, key: "n").contains(#"aria-required="true""#))
    #expect(!renderer.row(notes, index: 1, editing: false, key: "o").contains("aria-required"))
  }

  /// A field whose value cannot change is read-only, not disabled: a screen reader would say
  /// a disabled text field can be edited. Controls that cannot be read-only stay disabled.
  @Test func aFieldThatCannotChangeIsReadOnly() {
    let task = DocumentObject(["editedBy": "lee", "pages": 3, "notes": "", "due": "", "done": true])
    for (kind, key) in [
      (RowKind.textField, "editedBy"), (.numericTextField, "pages"), (.textView, "notes"),
      (.date, "due"),
    ] {
      var row = Row(id: RowID(.string(key)), kind: kind, text: key)
      row.binding = RowBinding(task, keyPath: key)
      row.isEnabled = false
      let html = HTMLRenderer().row(RowSnapshot(row), index: 0, editing: false, key: "k")
      #expect(html.contains(" readonly"), "\(kind)")
      #expect(!html.contains(" disabled>") && !html.contains(" disabled "), "\(kind)")
    }
    var done = Row(id: RowID(.string("done")), kind: .switch, text: "Done")
    done.binding = RowBinding(task, keyPath: "done")
    done.isEnabled = false
    let html = HTMLRenderer().row(RowSnapshot(done), index: 0, editing: false, key: "k")
    #expect(html.contains(#"aria-checked="true" checked disabled>"#))
    #expect(!html.contains(" readonly"))
  }

  @Test func anUnavailableDoneStaysFocusable() {
    var screen = ScreenSnapshot(title: "New Task", table: TableSnapshot(sections: []))
    screen.barButtons = NavigationBarType.doneRightCancelLeft.buttons
    screen.isDoneEnabled = false
    let refused = HTMLRenderer().bar(screen)
    #expect(refused.contains(#"data-ev="done" aria-disabled="true">Done</button>"#))
    #expect(!refused.contains(" disabled"))
    screen.isDoneEnabled = true
    #expect(!HTMLRenderer().bar(screen).contains("aria-disabled"))
  }

  @Test func theMinusSaysItShowsADeleteButton() {
    var row = Row(id: RowID(.string("t")), kind: .plain, text: "Call mum")
    row.isDeletable = true
    row.editingStyle = .delete
    let html = HTMLRenderer().row(RowSnapshot(row), index: 0, editing: true, key: "k")
    #expect(
      html.contains(#"class="row-delete" aria-expanded="false" aria-label="Delete Call mum""#))
  }

  @Test func aSlidersShownValueIsHiddenFromScreenReaders() {
    var row = Row(id: RowID(.string("v")), kind: .slider, text: "Volume")
    row.binding = RowBinding(DocumentObject(["volume": 0.5]), keyPath: "volume")
    let html = HTMLRenderer().row(RowSnapshot(row), index: 0, editing: false, key: "k")
    #expect(html.contains(#"<output class="slider-value" aria-hidden="true">"#))
  }
}
