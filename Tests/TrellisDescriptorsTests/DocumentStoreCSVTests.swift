import Foundation
import Testing
import Trellis
import TrellisDescriptors
import TrellisTesting

/// A CSV or TSV file as a store: its records listed, each edited in a form, and the file
/// written back as separated values.
@Suite("DocumentStore over CSV")
struct DocumentStoreCSVTests {
  @Test func keepsTheStoreContract() throws {
    let folder = try DocumentStoreTests.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var number = 0
    let failures = StoreContract.check { records in
      number += 1
      let url = folder.appendingPathComponent("list-\(number).csv")
      _ = try DocumentFile.create(
        at: url, root: .array(records.map(\.dictionary)), format: .csv)
      return try DocumentStore(contentsOf: url)
    }
    #expect(failures == [])
  }

  @Test func aFileOfNoRecordsTakesNewOnesUnderItsHeader() throws {
    let folder = try DocumentStoreTests.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("contacts.csv")
    try Data("name,email,phone\n".utf8).write(to: url)
    let store = try DocumentStore(contentsOf: url)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen()))
    try app.send(.add(section: nil))
    #expect(app.texts == [["Name", "Email", "Phone"]])
    try app.enter("Ada", at: "Name")
    try app.enter("ada@example.org", at: "Email")
    try app.send(.done)
    try store.save()
    #expect(
      try String(contentsOf: url, encoding: .utf8)
        == "name,email,phone\nAda,ada@example.org,\n")
    // Every record deleted, the header stays.
    try app.send(.setEditing(true))
    try app.send(.delete(app.rowID(at: ItemPath(item: 0, section: 0))))
    try store.save()
    #expect(try String(contentsOf: url, encoding: .utf8) == "name,email,phone\n")
    #expect(app.host.violations.isEmpty)
  }

  @Test(arguments: [DocumentFormat.csv, .tsv])
  func recordsAreEditedAddedMovedDeletedAndWrittenBack(_ format: DocumentFormat) throws {
    let folder = try DocumentStoreTests.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("people.\(format.preferredPathExtension)")
    let separator = format == .csv ? "," : "\t"
    let lines = [
      ["name", "born", "member", "note"], ["Ada", "1815", "true", "first"],
      ["Alan", "1912", "false", ""],
    ]
    try Data(
      lines.map { $0.joined(separator: separator) + "\n" }.joined().utf8
    ).write(to: url)
    let store = try DocumentStore(contentsOf: url)
    #expect(store.format == format)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen()))
    #expect(app.texts == [["Ada", "Alan"]])
    // The columns keep their kinds: a year is a number, a flag a switch.
    try app.tap("Alan")
    #expect(app.row("Member")?.kind == .switch)
    try app.enter(1913, at: "Born")
    try app.enter("said \"hi\", twice", at: "Note")
    try app.send(.done)
    try app.send(.add(section: nil))
    try app.enter("Grace", at: "Name")
    try app.enter(1906, at: "Born")
    try app.send(.done)
    try app.send(.setEditing(true))
    try app.send(
      .move(app.rowID(at: ItemPath(item: 2, section: 0)), to: ItemPath(item: 0, section: 0)))
    try app.send(.delete(app.rowID(at: ItemPath(item: 1, section: 0))))
    #expect(app.texts == [["Grace", "Alan"]])
    try store.save()
    let written = try String(contentsOf: url, encoding: .utf8)
    // A field holding a quote is quoted in either format, its quotes doubled.
    let note = "\"said \"\"hi\"\", twice\""
    #expect(
      written
        == [
          "name\(separator)born\(separator)member\(separator)note",
          "Grace\(separator)1906\(separator)false\(separator)",
          "Alan\(separator)1913\(separator)false\(separator)\(note)",
        ].map { $0 + "\n" }.joined())
    #expect(app.host.violations.isEmpty)
  }
}
