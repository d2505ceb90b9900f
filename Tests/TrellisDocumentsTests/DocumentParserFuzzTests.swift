import Foundation
import Testing
import TrellisTesting
import TrellisValues

@testable import TrellisDocuments

/// Every document parser against hostile input: the fixtures in each format mutated many
/// times over. Each variant must parse, or fail with a diagnostic naming the file; never
/// crash. What parses writes back in its format and reads again as the same tree. The seeds
/// are fixed, so a failure repeats.
@Suite("Document parser fuzzing")
struct DocumentParserFuzzTests {
  static let variantsPerSeed = 600

  /// The fixtures' trees, from which every format's seed is written.
  static func trees() throws -> [(name: String, root: Value)] {
    try ["RMSSettingsViewController.json", "profile-data.json", "GoFish.json", "MyTable.plist"]
      .map { name in
        (name, try LocatedDocument(data: TestFixtures.data(name), file: name).root)
      }
  }

  static let words: [DocumentFormat: [String]] = [
    .json: ["\"a\":", "{}", "[]", "\\u", "\\ud800", "1.5e", "-", "true", "\"\\\"\""],
    .xmlPlist: [
      "<dict>", "</dict>", "<key>k</key>", "<array/>", "<integer>x</integer>", "<real>1e999</real>",
      "<date>2026-13-01T00:00:00Z</date>", "<data>!!</data>", "<true/>", "<string>", "]]>",
    ],
    .openStepPlist: ["{", "};", "(", ");", "<0a", ">", "\"k\" = ", "= ;", "/*", "\\U00"],
  ]

  @Test(arguments: [DocumentFormat.json, .xmlPlist, .openStepPlist])
  func aMutatedTextDocumentParsesOrSaysWhere(_ format: DocumentFormat) throws {
    let seeds: [DocumentFormat: UInt64] = [
      .json: 0xD0C1, .xmlPlist: 0xD0C2, .openStepPlist: 0xD0C3,
    ]
    var mutator = TextMutator(seed: seeds[format] ?? 0xD0C, words: Self.words[format] ?? [])
    for (name, root) in try Self.trees() {
      guard let data = try? DocumentWriter.data(for: root, format: format) else { continue }
      let seed = String(decoding: data, as: UTF8.self)
      let file = name + "." + format.preferredPathExtension
      for _ in 0..<Self.variantsPerSeed {
        Self.check(Array(mutator.mutate(seed).utf8), format: format, file: file)
      }
    }
  }

  @Test(arguments: [DocumentFormat.csv, .tsv])
  func aMutatedSeparatedValuesFileParsesOrSaysWhere(_ format: DocumentFormat) throws {
    let delimiter = format == .csv ? "," : "\t"
    var mutator = TextMutator(
      seed: format == .csv ? 0xC5 : 0x75,
      words: [delimiter, "\"", "\"\"", "\r\n", "\n", "\r", "1.5", "true", "-0", "\u{FEFF}", "é"])
    let seed = String(
      decoding: try DocumentWriter.data(for: CSVDocumentTests.records, format: format),
      as: UTF8.self)
    let file = "people." + format.preferredPathExtension
    for _ in 0..<(Self.variantsPerSeed * 4) {
      Self.check(Array(mutator.mutate(seed).utf8), format: format, file: file)
    }
  }

  @Test func aMutatedBinaryPlistParsesOrSaysWhere() throws {
    var mutator = TextMutator(seed: 0xB1)
    for (name, root) in try Self.trees() {
      let seed = [UInt8](try DocumentWriter.data(for: root, format: .binaryPlist))
      for _ in 0..<Self.variantsPerSeed {
        Self.check(mutator.mutate(seed), format: .binaryPlist, file: name + ".bplist")
      }
    }
  }

  @Test func aMutatedStringsTableParsesOrSaysWhere() {
    let seed = """
      /* A comment */
      "Title" = "Einstellungen";
      "Quote \\" inside" = "Mit \\"Anführung\\"";
      // A line comment
      Unquoted = Wert;
      "Escapes" = "\\n\\t\\U00e9";
      """
    var mutator = TextMutator(seed: 0x57, words: ["\" = \"", ";", "\\U", "\\", "/*"])
    for _ in 0..<(Self.variantsPerSeed * 4) {
      let text = mutator.mutate(seed)
      do {
        _ = try StringsTable(bytes: Array(text.utf8), file: "Root.strings")
      } catch {
        #expect(Self.names(error, "Root.strings"), "\(error) for \(text.debugDescription)")
      }
    }
  }

  /// Parses `bytes`; a failure must name `file`, and a tree read writes back and reads again
  /// as itself.
  static func check(_ bytes: [UInt8], format: DocumentFormat, file: String) {
    let document: LocatedDocument
    do {
      document = try LocatedDocument(
        bytes: bytes, format: format, file: file, options: DocumentReadOptions())
    } catch {
      #expect(names(error, file), "\(error)")
      return
    }
    // A value the format cannot write (a date in JSON) is written as text or refused: both
    // are fine, but what is written reads back as it was written.
    guard let written = try? DocumentWriter.data(for: document.root, format: format) else {
      return
    }
    do {
      let again = try LocatedDocument(data: written, format: format, file: file)
      #expect(again.root == document.root, "\(file): \(String(decoding: written, as: UTF8.self))")
    } catch {
      Issue.record("\(file): what was written does not read again: \(error)")
    }
  }

  /// Whether `error` names `file`, in its location or as its file.
  static func names(_ error: Diagnostic, _ file: String) -> Bool {
    (error.location?.file ?? error.file) == file
  }
}
