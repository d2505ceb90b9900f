import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// Rows repeated over a list in the data (`list` on a row): each window shows the list as the
/// data holds it now, and deleting a repeated row deletes its element from the data.
@Suite("Rows repeated over a list")
struct ListedRowsTests {
  static let descriptor = """
    {"schemaVersion": 1, "title": "Profile", "editable": true,
     "sections": [
      {"id": "main", "rows": [{"id": "name", "kind": "textField", "text": "Name",
                               "value": "name"}]},
      {"id": "pets", "header": "Pets", "rows": [
        {"id": "pet", "list": "pets", "text": {"keyPath": "name"},
         "detail": {"keyPath": "kind"}, "editingStyle": "delete"},
        {"id": "note", "text": "Note", "editingStyle": "delete"}]}]}
    """

  /// Two windows on one data object, as two sessions of `trellis serve` are.
  static func windows() throws -> (HeadlessApp, HeadlessApp, DocumentObject) {
    let descriptor = try TableDescriptor(data: Data(descriptor.utf8), file: "Profile.json")
    let data = DocumentObject(
      .dictionary([
        "name": "Ada",
        "pets": [
          ["name": "Rex", "kind": "dog"], ["name": "Tom", "kind": "cat"],
          ["name": "Nemo", "kind": "fish"],
        ],
      ]))
    let library = DescriptorLibrary()
    let first = HeadlessApp(navigator: try library.makeNavigator(showing: descriptor, root: data))
    let second = HeadlessApp(navigator: try library.makeNavigator(showing: descriptor, root: data))
    return (first, second, data)
  }

  static func petNames(_ data: DocumentObject) -> [String] {
    data.root.dictionaryValue?["pets"]?.arrayValue?.compactMap {
      $0.dictionaryValue?["name"]?.stringValue
    } ?? []
  }

  @Test func deletingARepeatedRowDeletesItsElementInEveryWindow() throws {
    let (first, second, data) = try Self.windows()
    #expect(first.texts[1] == ["Rex", "Tom", "Nemo", "Note"])
    try first.send(.setEditing(true))
    let tom = try #require(first.path(of: "Tom"))
    try first.send(.delete(first.rowID(at: tom)))
    try first.host.check()
    #expect(Self.petNames(data) == ["Rex", "Nemo"])
    #expect(first.texts[1] == ["Rex", "Nemo", "Note"])
    // The other window follows the data.
    second.navigator.processChanges()
    try second.host.check()
    #expect(second.texts[1] == ["Rex", "Nemo", "Note"])
    // Its rows are bound to the elements where they are now.
    #expect(second.row("Nemo")?.detail == "fish")
  }

  @Test func aRowThatRepeatsNothingLeavesOnlyItsTable() throws {
    let (first, second, data) = try Self.windows()
    try first.send(.setEditing(true))
    let note = try #require(first.path(of: "Note"))
    try first.send(.delete(first.rowID(at: note)))
    try first.host.check()
    #expect(first.texts[1] == ["Rex", "Tom", "Nemo"])
    #expect(Self.petNames(data) == ["Rex", "Tom", "Nemo"])
    // A later change to the list does not bring it back.
    try second.send(.setEditing(true))
    let rex = try #require(second.path(of: "Rex"))
    try second.send(.delete(second.rowID(at: rex)))
    try second.host.check()
    #expect(second.texts[1] == ["Tom", "Nemo", "Note"])
    first.navigator.processChanges()
    try first.host.check()
    #expect(first.texts[1] == ["Tom", "Nemo"])
  }

  @Test func anElementAddedToTheDataShowsInEveryWindow() throws {
    let (first, second, data) = try Self.windows()
    var pets = data.root.dictionaryValue?["pets"]?.arrayValue ?? []
    pets.append(["name": "Polly", "kind": "parrot"])
    try data.setValue(.array(pets), forKeyPath: "pets")
    for window in [first, second] {
      window.navigator.processChanges()
      try window.host.check()
      #expect(window.texts[1] == ["Rex", "Tom", "Nemo", "Polly", "Note"])
    }
  }
}
