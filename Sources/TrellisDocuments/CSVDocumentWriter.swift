import Foundation
import TrellisValues

/// Writes a list of dictionaries as comma- or tab-separated values: a header line of the
/// columns the file had (``DocumentWriteOptions/columns``), then every other key in the order
/// the records first use them, then one line per record.
///
/// A cell holds one value: text as it is, numbers and Booleans as Swift writes them (`36`,
/// `1.5`, `true`), null as an empty cell. A field is quoted when it holds the delimiter, a
/// quote or a line break, its quotes doubled. Lines end with LF, or CRLF when the options say
/// so.
struct CSVDocumentWriter {
  let context: DocumentWriteContext

  private var delimiter: UInt8 {
    context.format == .tsv ? UInt8(ascii: "\t") : UInt8(ascii: ",")
  }

  func write(_ value: Value) throws(Diagnostic) -> [UInt8] {
    guard case .array(let records) = value else {
      throw context.error("a \(context.format) file holds a list of records, not one value")
    }
    var dictionaries: [ValueDictionary] = []
    dictionaries.reserveCapacity(records.count)
    for (index, record) in records.enumerated() {
      guard case .dictionary(let dictionary) = record else {
        throw inner(String(index)).error("a record is a dictionary of its cells, not one value")
      }
      if dictionary.keys.contains("") {
        throw inner(String(index)).error("a column needs a name, not ''")
      }
      dictionaries.append(dictionary)
    }
    let columns = Self.columns(of: dictionaries, header: context.options.columns ?? [])
    guard !columns.isEmpty else { return [] }
    var out: [UInt8] = []
    writeLine(columns, to: &out)
    for (index, dictionary) in dictionaries.enumerated() {
      var cells: [String] = []
      cells.reserveCapacity(columns.count)
      for column in columns {
        cells.append(try cell(dictionary[column] ?? .null, at: inner(String(index), column)))
      }
      writeLine(cells, to: &out)
    }
    return out
  }

  /// The columns of `records`: those of `header` first, then every other key in the order the
  /// records first use it.
  static func columns(of records: [ValueDictionary], header: [String]) -> [String] {
    var columns: [String] = []
    var known: Set<String> = []
    for key in header where !key.isEmpty && known.insert(key).inserted { columns.append(key) }
    for record in records {
      for key in record.keys where known.insert(key).inserted { columns.append(key) }
    }
    return columns
  }

  /// The context of the value at `keys` below the root, for errors naming its key path.
  private func inner(_ keys: String...) -> DocumentWriteContext {
    var inner = context
    inner.path += keys
    return inner
  }

  /// The text of one cell.
  private func cell(_ value: Value, at place: DocumentWriteContext) throws(Diagnostic) -> String {
    switch value {
    case .null: return ""
    case .string(let text): return text
    case .int(let integer): return String(integer)
    case .bool(let bool): return bool ? "true" : "false"
    case .double(let double) where double.isFinite: return "\(double)"
    case .date(let date):
      guard let text = DocumentDate.string(from: date) else {
        throw place.error("the date is outside the years 1 to 9999")
      }
      return text
    case .array: throw place.error("a cell holds one value, not a list")
    case .dictionary: throw place.error("a cell holds one value, not a dictionary")
    default:
      if place.converts, let text = DocumentWriteContext.text(of: value) { return text }
      throw place.unrepresentable(value)
    }
  }

  /// Appends one line of `fields`, each quoted when it must be.
  private func writeLine(_ fields: [String], to out: inout [UInt8]) {
    for (index, field) in fields.enumerated() {
      if index > 0 { out.append(delimiter) }
      let bytes = Array(field.utf8)
      // A lone empty field would be an empty line, which reading skips; a leading byte order
      // mark would be read past.
      let quoted =
        (fields.count == 1 && bytes.isEmpty) || bytes.starts(with: [0xEF, 0xBB, 0xBF])
        || bytes.contains { [delimiter, UInt8(ascii: "\""), 0x0A, 0x0D].contains($0) }
      guard quoted else {
        out += bytes
        continue
      }
      out.append(UInt8(ascii: "\""))
      for byte in bytes {
        if byte == UInt8(ascii: "\"") { out.append(byte) }
        out.append(byte)
      }
      out.append(UInt8(ascii: "\""))
    }
    if context.options.lineBreak == .crlf { out.append(0x0D) }
    out.append(0x0A)
  }
}
