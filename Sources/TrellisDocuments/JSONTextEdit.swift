import TrellisValues

/// A JSON tree written as edits to the text it was read from: every value that did not
/// change keeps the file's own spelling (its escapes, its numbers' forms, objects and arrays
/// on one line, its spacing), and only changed values are written afresh.
///
/// An object whose keys are those it had, in the same order, keeps the text between its
/// values; one that gained, lost or reordered keys is written afresh around the entries it
/// kept, which keep their text. Arrays do the same with their elements. A result that does
/// not scan as one JSON value is given up for ``DocumentWriter``'s.
struct JSONTextEdit {
  /// How many old elements of an array that changed length an element is looked for among.
  static let matchWindow = 8

  private let text: [UInt8]
  private let options: DocumentWriteOptions
  /// Whether the file's lines end in CR LF, which fresh values' lines then do too.
  private let crlf: Bool

  /// `text`, read as `old`, edited to read as `new`; `nil` when no edit of it does.
  static func edited(
    _ text: [UInt8], from old: Value, to new: Value, options: DocumentWriteOptions
  ) -> [UInt8]? {
    guard let span = JSONSpan.scan(text) else { return nil }
    let edit = JSONTextEdit(text: text, options: options, crlf: options.lineBreak == .crlf)
    guard let value = try? edit.write(old, new, span, indent: 0, path: []) else { return nil }
    let result =
      Array(text[..<span.range.lowerBound]) + value + Array(text[span.range.upperBound...])
    // Every splice is checked to leave one JSON value; the values themselves are the text's
    // own where unchanged and the writer's elsewhere.
    return JSONSpan.scan(result) == nil ? nil : result
  }

  private func write(
    _ old: Value, _ new: Value, _ span: JSONSpan, indent: Int, path: [String]
  ) throws -> [UInt8] {
    if old == new { return Array(text[span.range]) }
    switch (old, new, span) {
    case (.dictionary(let before), .dictionary(let after), .object(let range, let entries))
    where entries.map(\.key) == before.keys:
      if before.keys == after.keys {
        return try kept(range, spans: entries.map { $0.value }, path: path) { index, span in
          let key = before.keys[index]
          return try write(
            before.values[index], after.values[index], span, indent: indent + 1,
            path: path + [key])
        }
      }
      let places = Dictionary(
        before.keys.enumerated().map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
      return try rebuilt("{", "}", count: after.count, indent: indent) { index in
        let key = after.keys[index]
        var entry: [UInt8] = []
        JSONString.append(key, to: &entry)
        entry += Array(": ".utf8)
        if let place = places[key] {
          return entry
            + (try write(
              before.values[place], after.values[index], entries[place].value,
              indent: indent + 1, path: path + [key]))
        }
        return entry + (try fresh(after.values[index], indent: indent + 1, path: path + [key]))
      }
    case (.array(let before), .array(let after), .array(let range, let elements))
    where elements.count == before.count:
      if before.count == after.count {
        return try kept(range, spans: elements, path: path) { index, span in
          try write(
            before[index], after[index], span, indent: indent + 1, path: path + [String(index)])
        }
      }
      // Elements kept keep their text: each is looked for among the next few old ones, so
      // that an element inserted or removed costs no search through the whole array.
      var next = 0
      return try rebuilt("[", "]", count: after.count, indent: indent) { index in
        let nearby = next..<Swift.min(next + Self.matchWindow, before.count)
        if let found = nearby.first(where: { before[$0] == after[index] }) {
          next = found + 1
          return Array(text[elements[found].range])
        }
        return try fresh(after[index], indent: indent + 1, path: path + [String(index)])
      }
    default:
      return try fresh(new, indent: indent, path: path)
    }
  }

  /// A container's text with its values written by `value`, and the text between them kept.
  private func kept(
    _ range: Range<Int>, spans: [JSONSpan], path: [String],
    _ value: (Int, JSONSpan) throws -> [UInt8]
  ) throws -> [UInt8] {
    var result: [UInt8] = []
    var offset = range.lowerBound
    for (index, span) in spans.enumerated() {
      result += text[offset..<span.range.lowerBound]
      result += try value(index, span)
      offset = span.range.upperBound
    }
    return result + text[offset..<range.upperBound]
  }

  /// A container written afresh, one entry a line, `entry` giving each.
  private func rebuilt(
    _ open: String, _ close: String, count: Int, indent: Int,
    _ entry: (Int) throws -> [UInt8]
  ) throws -> [UInt8] {
    guard count > 0 else { return Array((open + close).utf8) }
    let lineBreak: [UInt8] = crlf ? [0x0D, 0x0A] : [0x0A]
    var result = Array(open.utf8) + lineBreak
    for index in 0..<count {
      result += indentation(indent + 1)
      result += try entry(index)
      if index < count - 1 { result.append(UInt8(ascii: ",")) }
      result += lineBreak
    }
    return result + indentation(indent) + Array(close.utf8)
  }

  /// `value` as the writer writes it, `indent` levels deep.
  private func fresh(_ value: Value, indent: Int, path: [String]) throws -> [UInt8] {
    var writer = JSONDocumentWriter(
      context: DocumentWriteContext(format: .json, options: options))
    let bytes = try writer.fragment(value, indent: indent, path: path)
    return crlf ? bytes.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] } : bytes
  }

  private func indentation(_ level: Int) -> [UInt8] {
    let unit = options.indentation ?? "  "
    return Array(String(repeating: unit, count: level).utf8)
  }
}
