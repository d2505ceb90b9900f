import Foundation
import Testing
import TrellisValues

@testable import TrellisDocuments

/// Comma- and tab-separated values: records read as dictionaries with their columns' kinds,
/// written back as they were read, and every mistake located.
@Suite("CSV and TSV documents")
struct CSVDocumentTests {
  /// Records with every kind a column can hold, and fields that must be quoted.
  static let records: Value = [
    ["name": "Ada", "age": 36, "score": 1.5, "member": true, "note": "say \"hi\", twice"],
    ["name": "Alan", "age": nil, "score": 2.25, "member": false, "note": "two\nlines"],
    ["name": "", "age": 41, "score": nil, "member": nil, "note": "  spaced  "],
  ]

  private func read(_ text: String, file: String = "T.csv") throws(Diagnostic) -> LocatedDocument {
    try LocatedDocument(text: text, file: file)
  }

  private func problem(_ text: String, file: String = "T.csv") -> String? {
    do {
      _ = try read(text, file: file)
      return nil
    } catch { return error.description }
  }

  @Test func recordsAreDictionariesInTheHeadersOrder() throws {
    let document = try read(
      "name,age,score,member,zip\r\nAda,36,1.5,true,02134\r\n\r\nAlan,,2.25,false,1e3\r\n")
    #expect(document.format == .csv)
    #expect(
      document.root == [
        ["name": "Ada", "age": 36, "score": 1.5, "member": true, "zip": "02134"],
        ["name": "Alan", "age": nil, "score": 2.25, "member": false, "zip": "1e3"],
      ])
    #expect(
      document.root.arrayValue?.first?.dictionaryValue?.keys == [
        "name", "age", "score", "member", "zip",
      ])
    // Each cell is located, its key at the column's name.
    let place = { (location: TrellisValues.SourceLocation?) in
      location.map { [$0.line, $0.column] }
    }
    #expect(place(document.location(ofKeyPath: "1.age")) == [4, 6])
    #expect(place(document.keyLocation(ofKeyPath: "1.age")) == [1, 6])
    #expect(place(document.location(ofKeyPath: "1")) == [4, 1])
  }

  /// A wide file: every record locates each cell and its column's name, which takes time in
  /// proportion to the file, not to the square of its width.
  @Test func everyColumnOfAWideFileIsReadAndLocated() throws {
    let width = 20_000
    let header = (0..<width).map { "c\($0)" }.joined(separator: ",")
    let rows = (0..<2).map { row in
      (0..<width).map { String(row * width + $0) }.joined(separator: ",")
    }
    let document = try read(([header] + rows).joined(separator: "\n") + "\n")
    let records = try #require(document.root.arrayValue)
    #expect(records.count == 2)
    for (row, record) in records.enumerated() {
      let entries = try #require(record.dictionaryValue)
      #expect(entries.keys.count == width)
      #expect(entries.keys.first == "c0" && entries.keys.last == "c\(width - 1)")
      #expect(entries["c0"] == .int(row * width))
      #expect(entries["c\(width - 1)"] == .int(row * width + width - 1))
    }
    #expect(document.columns?.count == width)
    let last = "c\(width - 1)"
    let keyColumn = header.utf8.count - last.utf8.count + 1
    #expect(document.keyLocation(ofKeyPath: "1.\(last)")?.line == 1)
    #expect(document.keyLocation(ofKeyPath: "1.\(last)")?.column == keyColumn)
    #expect(document.location(ofKeyPath: "1.\(last)")?.line == 3)
    #expect(
      document.location(ofKeyPath: "1.\(last)")?.column
        == rows[1].utf8.count - String(2 * width - 1).utf8.count + 1)
    #expect(document.keyLocation(ofKeyPath: "0.c1")?.column == 4)
  }

  @Test func aColumnOfMixedKindsIsText() throws {
    let document = try read("a,b,c\n1,true,1.5\nx,2,3\n")
    #expect(
      document.root == [["a": "1", "b": "true", "c": "1.5"], ["a": "x", "b": "2", "c": "3"]])
  }

  @Test func quotedFieldsHoldDelimitersQuotesAndLineBreaks() throws {
    let document = try read("a,b\n\"x, y\",\"say \"\"hi\"\"\nnext\"\n\"\",last\n")
    #expect(document.root == [["a": "x, y", "b": "say \"hi\"\nnext"], ["a": "", "b": "last"]])
  }

  @Test func tabsSeparateATSVFile() throws {
    let document = try read("name\tcity\nAda\tLondon, UK\n", file: "T.tsv")
    #expect(document.format == .tsv)
    #expect(document.root == [["name": "Ada", "city": "London, UK"]])
    let written = try document.encoded()
    #expect(String(decoding: written, as: UTF8.self) == "name\tcity\nAda\tLondon, UK\n")
  }

  @Test func whatWasReadIsWrittenBackByteForByte() throws {
    let text = "name,age,note\nAda,36,\"a, b\"\nAlan,,\"say \"\"hi\"\"\"\n,41,plain\n"
    let document = try read(text)
    #expect(String(decoding: try document.encoded(), as: UTF8.self) == text)
    // A byte order mark and empty lines are read past; lines end as the first one did.
    let marked = try read("\u{FEFF}a\r\n1\r\n\r\n2\n")
    #expect(marked.root == [["a": 1], ["a": 2]])
    #expect(String(decoding: try marked.encoded(), as: UTF8.self) == "a\r\n1\r\n2\r\n")
    let unix = DocumentWriteOptions(lineBreak: .lf)
    #expect(String(decoding: try marked.encoded(options: unix), as: UTF8.self) == "a\n1\n2\n")
  }

  @Test func aFileKeepsItsLineBreaksAcrossSaves() throws {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-csv-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("people.csv")
    try Data("name,age\r\nAda,36\r\n".utf8).write(to: url)
    var file = try DocumentFile(contentsOf: url)
    try file.save([["name": "Ada", "age": 37], ["name": "Alan", "age": 41]])
    try file.save(.array((file.root.arrayValue ?? []) + [["name": "Grace", "age": 85]]))
    #expect(
      try String(contentsOf: url, encoding: .utf8)
        == "name,age\r\nAda,37\r\nAlan,41\r\nGrace,85\r\n")
    // A file of no records keeps its header, and a record added later keeps its order.
    try file.save([])
    #expect(try String(contentsOf: url, encoding: .utf8) == "name,age\r\n")
    try file.save([["age": 1, "name": "Bo", "city": "Oslo"]])
    #expect(
      try String(contentsOf: url, encoding: .utf8) == "name,age,city\r\nBo,1,Oslo\r\n")
    // A new file's lines end with LF.
    let new = folder.appendingPathComponent("new.csv")
    _ = try DocumentFile.create(at: new, root: [["a": 1]], format: .csv)
    #expect(try String(contentsOf: new, encoding: .utf8) == "a\n1\n")
  }

  @Test(arguments: [DocumentFormat.csv, .tsv])
  func writtenRecordsReadBackAsTheyWere(format: DocumentFormat) throws {
    let data = try DocumentWriter.data(for: Self.records, format: format)
    let file = "T.\(format.preferredPathExtension)"
    let reread = try LocatedDocument(data: data, file: file)
    #expect(reread.root == Self.records)
    #expect(try reread.encoded() == data)
    // A single column's empty cell is quoted: an empty line would be skipped.
    let single = try DocumentWriter.data(for: [["a": "x"], ["a": ""]], format: format)
    #expect(String(decoding: single, as: UTF8.self) == "a\nx\n\"\"\n")
    #expect(try LocatedDocument(data: single, file: file).root == [["a": "x"], ["a": ""]])
  }

  @Test func anEmptyFileIsAnEmptyList() throws {
    #expect(try read("").root == [])
    #expect(try read("a,b\n").root == [])
    #expect(try read("a,b\n").columns == ["a", "b"])
    #expect(String(decoding: try read("a,b\n").encoded(), as: UTF8.self) == "a,b\n")
  }

  @Test func mistakesAreLocated() {
    #expect(
      problem("a,b\n1,2,3\n")
        == "T.csv:2:1: error: record 1 has 3 fields; the header names 2 columns")
    #expect(
      problem("a,b\n1\n") == "T.csv:2:1: error: record 1 has 1 field; the header names 2 columns")
    #expect(problem("a,,b\n") == "T.csv:1:3: error: a column without a name in the header")
    #expect(problem("a,b,a\n") == "T.csv:1:5: error: duplicate column name 'a' (first at 1:1)")
    #expect(problem("a\n\"open\n") == "T.csv:2:1: error: a quoted field is not closed")
    #expect(
      problem("a\nx\"y\n")
        == "T.csv:2:2: error: a quote inside an unquoted field: quote the whole field, doubling the quotes in it"
    )
    #expect(
      problem("a,b\n\"x\"y,2\n")
        == "T.csv:2:4: error: text after a quoted field's closing quote: expected a delimiter or the end of the line"
    )
    #expect(
      (try? LocatedDocument(data: Data([0x61, 0x0A, 0xFF, 0x0A]), file: "T.csv")) == nil)
  }

  @Test func whatACellCannotHoldIsAnErrorNamingItsKeyPath() {
    #expect(throws: Diagnostic.self) {
      try DocumentWriter.data(for: ["a": 1], format: .csv)
    }
    let nested: Value = [["a": 1], ["a": [1, 2]]]
    do {
      _ = try DocumentWriter.data(for: nested, format: .csv)
      Issue.record("a list in a cell was written")
    } catch {
      #expect(
        error.description == "error: cannot write '1.a' as CSV: a cell holds one value, not a list")
    }
    #expect(throws: Diagnostic.self) {
      try DocumentWriter.data(for: [["a": .double(.nan)]], format: .csv)
    }
    #expect(
      (try? DocumentWriter.data(
        for: [["a": .double(.nan)]], format: .csv,
        options: DocumentWriteOptions(conversion: .writeAsStrings))) == Data("a\nnan\n".utf8))
  }
}
