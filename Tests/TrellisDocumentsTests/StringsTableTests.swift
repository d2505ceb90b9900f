import Foundation
import Testing
import TrellisTesting
import TrellisValues

@testable import TrellisDocuments

@Suite("Strings files")
struct StringsTableTests {
  private func table(_ text: String) throws(Diagnostic) -> StringsTable {
    try StringsTable(data: Data(text.utf8), file: "Root.strings")
  }

  private func error(_ text: String) -> String? {
    do {
      _ = try table(text)
      return nil
    } catch { return error.description }
  }

  @Test func readsEntriesCommentsAndEscapes() throws {
    let strings = try table(
      """
      /* A comment
         over two lines */
      "GREETING" = "Hello";   // a comment to the end of the line
      farewell = "Bye";
      "QUOTE" = "She said \\"hi\\" \\\\ then left";
      "LINES" = "one\\ntwo\\tthree";
      "EURO" = "\\U20AC 5";
      "Cancel";
      """)
    #expect(strings["GREETING"] == "Hello")
    #expect(strings["farewell"] == "Bye")
    #expect(strings["QUOTE"] == "She said \"hi\" \\ then left")
    #expect(strings["LINES"] == "one\ntwo\tthree")
    #expect(strings["EURO"] == "€ 5")
    #expect(strings["Cancel"] == "Cancel")
    #expect(strings.count == 6)
    #expect(strings.locations["farewell"]?.description == "Root.strings:4:1")
  }

  @Test func anEmptyOrCommentOnlyFileIsAnEmptyTable() throws {
    #expect(try table("").count == 0)
    #expect(try table("  /* nothing yet */\n// still nothing\n").count == 0)
  }

  @Test func aRepeatedKeyKeepsItsLastValue() throws {
    #expect(try table("\"A\" = \"1\";\n\"A\" = \"2\";")["A"] == "2")
  }

  @Test func readsUTF16WithEitherByteOrder() throws {
    let text = "/* Deutsch */\n\"VOLUME\" = \"Lautstärke\";\n\"MUSIC\" = \"🎵\";\n"
    let marks: [([UInt8], String.Encoding)] = [
      ([0xFF, 0xFE], .utf16LittleEndian), ([0xFE, 0xFF], .utf16BigEndian),
    ]
    for (mark, encoding) in marks {
      let bytes = mark + [UInt8](try #require(text.data(using: encoding)))
      let strings = try StringsTable(bytes: bytes, file: "de.strings")
      #expect(strings["VOLUME"] == "Lautstärke")
      #expect(strings["MUSIC"] == "🎵")
      #expect(strings.locations["MUSIC"]?.description == "de.strings:3:1")
    }
    // Without a byte-order mark, ASCII text's zero bytes give the order away.
    let unmarked = [UInt8](try #require("\"A\" = \"B\";".data(using: .utf16LittleEndian)))
    #expect(try StringsTable(bytes: unmarked)["A"] == "B")
  }

  @Test func theFixturesUTF16FileReads() throws {
    let data = try TestFixtures.data("Settings.bundle/de.lproj/Root.strings")
    #expect(data.starts(with: [0xFF, 0xFE]))
    let strings = try StringsTable(data: data, file: "de.lproj/Root.strings")
    #expect(strings["VOLUME"] == "Lautstärke")
    #expect(strings["SOUND_GROUP"] == "Ton")
  }

  @Test func syntaxErrorsAreLocated() {
    #expect(
      error("\"A\" = \"1\";\n\"B\" = \"2\"\n\"C\" = \"3\";")
        == "Root.strings:3:1: error: expected ';' after the value of 'B'")
    #expect(
      error("\"A\" = \"1\";\n\"B\" \"2\";")
        == "Root.strings:2:5: error: expected '=' after dictionary key 'B'")
    #expect(error("\"A\" = \"unterminated;\n") == "Root.strings:1:7: error: unterminated string")
    #expect(error("/* open\n\"A\" = \"1\";") == "Root.strings:1:1: error: unterminated comment")
    #expect(error("\"A\" = \"\\U\";") == "Root.strings:1:8: error: expected hex digits after '\\U'")
  }

  @Test func valuesMustBeStrings() {
    #expect(
      error("\"A\" = \"1\";\n\"B\" = (\"x\", \"y\");")
        == "Root.strings:2:7: error: the value of 'B' must be a string, not list")
    #expect(
      error("\"just a string\"")
        == "Root.strings:1:1: error: a strings file holds \"key\" = \"value\"; entries, not a "
        + "single string value")
  }

  @Test func badUTF16IsLocated() {
    // A high surrogate with no low one, on the second line.
    let bytes: [UInt8] =
      [0xFF, 0xFE]
      + Array("\"A\" = \"1\";\n\"".utf16).flatMap {
        [UInt8($0 & 0xFF), UInt8($0 >> 8)]
      } + [0x3D, 0xD8, 0x41, 0x00]
    #expect(throws: Diagnostic.self) { try StringsTable(bytes: bytes, file: "x.strings") }
    do { _ = try StringsTable(bytes: bytes, file: "x.strings") } catch {
      #expect(error.description == "x.strings:2:2: error: unpaired UTF-16 surrogate D83D")
    }
    #expect(throws: Diagnostic.self) { try StringsTable(bytes: [0xFF, 0xFE, 0x41], file: "odd") }
  }

  @Test func xmlPropertyListStringsFilesRead() throws {
    let xml = """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0"><dict><key>A</key><string>Alpha</string></dict></plist>
      """
    #expect(try table(xml)["A"] == "Alpha")
  }

  @Test func readingTakesLinearTime() throws {
    // 20,000 entries read in well under a second; a quadratic reader would take minutes.
    let text = (0..<20_000).map { "\"KEY_\($0)\" = \"Value \($0)\";" }.joined(separator: "\n")
    let start = Date()
    let strings = try table(text)
    #expect(strings.count == 20_000)
    #expect(Date().timeIntervalSince(start) < 5)
  }
}
