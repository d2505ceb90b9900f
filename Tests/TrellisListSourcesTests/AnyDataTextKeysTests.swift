import Foundation
import Testing
import Trellis
import TrellisListSources
import TrellisTesting

/// Tables keyed by text that their program makes: UUIDs, as apps that sync or merge rows key
/// them. A row is titled by its text, not its key, and a new row gets a new UUID.
@Suite("Any data: text keys")
struct AnyDataTextKeysTests {
  static let schema = """
    CREATE TABLE notes (id TEXT PRIMARY KEY NOT NULL, body TEXT NOT NULL);
    INSERT INTO notes VALUES ('3f2a0c9e-1b1c-4f7e-9a3e-2a1b3c4d5e6f', 'First');
    CREATE TABLE cards (uuid TEXT PRIMARY KEY NOT NULL, front TEXT);
    INSERT INTO cards VALUES ('3F2A0C9E-1B1C-4F7E-9A3E-2A1B3C4D5E6F', 'Hola');
    CREATE TABLE drafts (id TEXT PRIMARY KEY NOT NULL, body TEXT);
    CREATE TABLE codes (code TEXT PRIMARY KEY NOT NULL, label TEXT);
    INSERT INTO codes VALUES ('NL', 'Netherlands');
    """

  static func app() throws -> (HeadlessApp, URL) {
    let folder = try SourceTestSupport.temporaryDirectory()
    let url = folder.appendingPathComponent("keys.sqlite")
    try SourceTestSupport.makeDatabase(at: url, sql: schema)
    return (try AnyDataSupport.app(url), url)
  }

  static func isUUID(_ text: String?, lowercase: Bool) -> Bool {
    guard let text, UUID(uuidString: text) != nil, text.count == 36 else { return false }
    return lowercase ? text == text.lowercased() : text == text.uppercased()
  }

  @Test func aNewRowGetsANewUUIDWrittenAsTheOthersAre() throws {
    let (app, url) = try Self.app()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    try app.tap("notes")
    // Titled by its body, not its key.
    #expect(app.texts.first == ["First", "New Note"])
    try app.tap("New Note")
    let made = app.row("Id")?.value?.stringValue
    #expect(Self.isUUID(made, lowercase: true))
    try app.enter("Second", at: "Body")
    try app.send(.done)
    let stored: String? = try AnyDataSupport.value(
      "SELECT id FROM notes WHERE body = 'Second'", in: url)
    #expect(stored == made)
    // Another new row gets another.
    try app.tap("New Note")
    #expect(Self.isUUID(app.row("Id")?.value?.stringValue, lowercase: true))
    #expect(app.row("Id")?.value?.stringValue != made)
    try app.send(.cancel)
    try app.send(.back)
    try app.tap("cards")
    try app.tap("New Card")
    #expect(Self.isUUID(app.row("Uuid")?.value?.stringValue, lowercase: false))
  }

  @Test func anEmptyTablesIdIsAUUIDAndOtherTextKeysAreTyped() throws {
    let (app, url) = try Self.app()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    try app.tap("drafts")
    try app.tap("New Draft")
    #expect(Self.isUUID(app.row("Id")?.value?.stringValue, lowercase: true))
    try app.send(.cancel)
    try app.send(.back)
    // A key of country codes is the person's to type.
    try app.tap("codes")
    #expect(app.texts.first == ["Netherlands", "New Code"])
    try app.tap("New Code")
    #expect(app.row("Code")?.value?.stringValue == nil)
  }
}
