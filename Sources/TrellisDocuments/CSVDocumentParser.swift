import TrellisValues

/// Reads comma- or tab-separated values (RFC 4180): a header line naming the columns, then
/// one record per line, as a list of dictionaries keyed by the column names, in their order.
///
/// A field may be quoted, holding delimiters, line breaks and doubled quotes (`"say ""hi"""`).
/// Lines end with LF, CRLF or CR; a UTF-8 byte order mark and empty lines are skipped. How the
/// first line ends is kept, for writing the file again, and so are the header's columns, which
/// a file of no records has nowhere else.
///
/// A column whose every filled cell is an integer, a decimal or `true`/`false` written as
/// Swift writes it (`36`, `1.5`, `true`) holds those values, its empty cells null; every other
/// column holds text as written, so that saving writes back what was read. `02134` or `1e3`
/// stay text.
struct CSVDocumentParser {
  private var builder: DocumentTreeBuilder
  private let bytes: [UInt8]
  private let delimiter: UInt8
  private let format: DocumentFormat
  private var index = 0
  /// How the first line ends, which saving keeps.
  private var lineBreak: DocumentWriteOptions.LineBreak?

  /// One field as read: its text and where it starts.
  private struct Field {
    var text: String
    var offset: Int
  }

  init(bytes: [UInt8], file: String?, options: DocumentReadOptions, format: DocumentFormat) {
    builder = DocumentTreeBuilder(bytes: bytes, file: file, options: options)
    self.bytes = bytes
    self.format = format
    delimiter = format == .tsv ? UInt8(ascii: "\t") : UInt8(ascii: ",")
  }

  mutating func parse() throws(Diagnostic) -> LocatedDocument {
    if bytes.starts(with: [0xEF, 0xBB, 0xBF]) { index = 3 }
    builder.record("", key: nil, value: index)
    guard let header = try nextRecord() else {
      return builder.document(root: .array([]), format: format)
    }
    let columns = try checkedColumns(header.fields)
    var rows: [(fields: [Field], offset: Int)] = []
    while let record = try nextRecord() {
      guard record.fields.count == columns.count else {
        throw builder.error(
          "record \(rows.count + 1) has \(record.fields.count) "
            + (record.fields.count == 1 ? "field" : "fields") + "; the header names "
            + "\(columns.count) " + (columns.count == 1 ? "column" : "columns"),
          at: record.offset)
      }
      rows.append(record)
    }
    let kinds = columns.indices.map { column in
      Self.kind(of: rows.lazy.map { $0.fields[column].text })
    }
    // Where each column's name is, found once: asking for a header offset between two of a
    // record's would count the header line from its start every time.
    let nameLocations =
      builder.options.recordsLocations ? columns.map { builder.location(at: $0.offset) } : []
    var records: [Value] = []
    records.reserveCapacity(rows.count)
    for (number, row) in rows.enumerated() {
      let path = builder.path("", number)
      builder.record(path, key: nil, value: row.offset)
      var entries: [(String, Value)] = []
      entries.reserveCapacity(columns.count)
      for (column, field) in row.fields.enumerated() {
        let name = columns[column]
        builder.record(
          builder.path(path, name.text),
          keyLocation: nameLocations.isEmpty ? nil : nameLocations[column],
          value: field.offset)
        entries.append((name.text, Self.value(field.text, kind: kinds[column])))
      }
      records.append(.dictionary(ValueDictionary(entries)))
    }
    var document = builder.document(root: .array(records), format: format)
    document.lineBreak = lineBreak
    document.columns = columns.map(\.text)
    return document
  }

  /// The header's names, each once and none empty.
  private mutating func checkedColumns(_ fields: [Field]) throws(Diagnostic) -> [Field] {
    var seen: [String: Int] = [:]
    for field in fields {
      guard !field.text.isEmpty else {
        throw builder.error("a column without a name in the header", at: field.offset)
      }
      if let first = seen[field.text] {
        let place = builder.location(at: first)
        throw builder.error(
          "duplicate column name '\(field.text)' (first at \(place.line):\(place.column))",
          at: field.offset)
      }
      seen[field.text] = field.offset
    }
    return fields
  }

  // MARK: Records and fields

  /// The fields of the next record that is not an empty line; `nil` at the end.
  private mutating func nextRecord() throws(Diagnostic) -> (fields: [Field], offset: Int)? {
    while index < bytes.count {
      let start = index
      if let length = lineBreakLength(at: index) {
        index += length
        continue
      }
      var fields: [Field] = []
      while true {
        fields.append(try field())
        if index < bytes.count, bytes[index] == delimiter {
          index += 1
          if index < bytes.count, lineBreakLength(at: index) == nil { continue }
          // A delimiter at the end of the line leaves an empty last field.
          fields.append(Field(text: "", offset: index))
        }
        if index < bytes.count, let length = lineBreakLength(at: index) {
          if lineBreak == nil { lineBreak = length == 2 ? .crlf : .lf }
          index += length
        }
        break
      }
      return (fields, start)
    }
    return nil
  }

  /// One field, quoted or not; stops before the delimiter or line break that ends it.
  private mutating func field() throws(Diagnostic) -> Field {
    let start = index
    guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else {
      while index < bytes.count, bytes[index] != delimiter, lineBreakLength(at: index) == nil {
        if bytes[index] == UInt8(ascii: "\"") {
          throw builder.error(
            "a quote inside an unquoted field: quote the whole field, doubling the quotes in it",
            at: index)
        }
        index += 1
      }
      return Field(text: try text(start..<index), offset: start)
    }
    index += 1
    var content: [UInt8] = []
    while true {
      guard index < bytes.count else {
        throw builder.error("a quoted field is not closed", at: start)
      }
      let byte = bytes[index]
      index += 1
      guard byte == UInt8(ascii: "\"") else {
        content.append(byte)
        continue
      }
      if index < bytes.count, bytes[index] == UInt8(ascii: "\"") {
        content.append(byte)
        index += 1
        continue
      }
      break
    }
    if index < bytes.count, bytes[index] != delimiter, lineBreakLength(at: index) == nil {
      throw builder.error(
        "text after a quoted field's closing quote: expected a delimiter or the end of the line",
        at: index)
    }
    guard let text = String(validating: content, as: UTF8.self) else {
      throw builder.error("the field is not UTF-8 text", at: start)
    }
    return Field(text: text, offset: start)
  }

  /// The bytes in `range` as text, or a located error when they are not UTF-8.
  private mutating func text(_ range: Range<Int>) throws(Diagnostic) -> String {
    guard let text = String(validating: bytes[range], as: UTF8.self) else {
      throw builder.error("the field is not UTF-8 text", at: range.lowerBound)
    }
    return text
  }

  /// The length of the line break at `offset` (LF, CRLF or a lone CR), or `nil`.
  private func lineBreakLength(at offset: Int) -> Int? {
    switch bytes[offset] {
    case UInt8(ascii: "\n"): 1
    case UInt8(ascii: "\r"):
      offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "\n") ? 2 : 1
    default: nil
    }
  }
}
