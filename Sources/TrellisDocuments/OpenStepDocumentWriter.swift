import TrellisValues

/// Writes an OpenStep (old-style ASCII) property list: `{ key = value; }` with four-space
/// indentation, keys in the tree's order, and a final newline.
///
/// Strings are bare when every character is a letter, digit or one of `_$/:.-` (and they hold no
/// `//` or `/*`), and quoted otherwise. Quoted strings escape `"`, `\`, `\n`, `\t`, `\r`, and
/// other control characters as `\U00XX`; other characters are UTF-8. Arrays of short scalars fit
/// on one line, `(a, b)`; others take a line per element. Data is `<hex>` in groups of four
/// bytes.
///
/// The format has only strings, data, arrays and dictionaries. Numbers, Booleans and dates are
/// an error unless the options convert them to text (see ``DocumentWriter``).
struct OpenStepDocumentWriter {
  var context: DocumentWriteContext
  private var output: [UInt8] = []
  /// The widest inline array, in bytes.
  private let inlineLimit = 72

  init(context: DocumentWriteContext) {
    self.context = context
  }

  mutating func write(_ value: Value) throws(Diagnostic) -> [UInt8] {
    if context.options.stringsFile == true, case .dictionary(let entries) = value,
      !entries.isEmpty
    {
      try writeStringsFile(entries)
      return output
    }
    try write(value, indent: 0)
    output.append(0x0A)
    return output
  }

  /// A strings file's entries, one per line as Xcode writes them: `"key" = "value";`.
  private mutating func writeStringsFile(_ entries: ValueDictionary) throws(Diagnostic) {
    try context.checkDepth()
    for (key, element) in entries {
      context.path.append(key)
      append(quoted(key, always: true))
      append(" = ")
      if case .string(let string) = element {
        append(quoted(string, always: true))
      } else {
        try write(element, indent: 0)
      }
      append(";\n")
      context.path.removeLast()
    }
  }

  private mutating func write(_ value: Value, indent: Int) throws(Diagnostic) {
    switch value {
    case .string(let string): appendString(string)
    case .data(let data):
      output.append(UInt8(ascii: "<"))
      for (position, byte) in data.enumerated() {
        if position > 0 && position % 4 == 0 { output.append(0x20) }
        append(hexByte(byte))
      }
      output.append(UInt8(ascii: ">"))
    case .bool, .int, .double, .date:
      guard context.converts else { throw context.unrepresentable(value) }
      guard let text = DocumentWriteContext.text(of: value) else {
        throw context.error("the date's year is outside 1...9999")
      }
      appendString(text)
    case .null, .object: throw context.unrepresentable(value)
    case .array(let array):
      try context.checkDepth()
      if let inline = try inlineArray(array) {
        append(inline)
        return
      }
      append("(\n")
      for (position, element) in array.enumerated() {
        context.path.append(String(position))
        appendIndent(indent + 1)
        try write(element, indent: indent + 1)
        if position < array.count - 1 { output.append(UInt8(ascii: ",")) }
        output.append(0x0A)
        context.path.removeLast()
      }
      appendIndent(indent)
      output.append(UInt8(ascii: ")"))
    case .dictionary(let dictionary):
      try context.checkDepth()
      guard !dictionary.isEmpty else { return append("{}") }
      append("{\n")
      for (key, element) in dictionary {
        context.path.append(key)
        appendIndent(indent + 1)
        appendString(key)
        append(" = ")
        try write(element, indent: indent + 1)
        append(";\n")
        context.path.removeLast()
      }
      appendIndent(indent)
      output.append(UInt8(ascii: "}"))
    }
  }

  /// The array on one line, when it is empty or holds only short strings (or converted
  /// scalars).
  private mutating func inlineArray(_ array: [Value]) throws(Diagnostic) -> String? {
    var parts: [String] = []
    var width = 2
    for (position, element) in array.enumerated() {
      let text: String
      switch element {
      case .string(let string): text = string
      case .bool, .int, .double, .date:
        guard context.converts else {
          context.path.append(String(position))
          defer { context.path.removeLast() }
          throw context.unrepresentable(element)
        }
        guard let converted = DocumentWriteContext.text(of: element) else { return nil }
        text = converted
      default: return nil
      }
      let part = quoted(text)
      width += part.utf8.count + 2
      guard width <= inlineLimit, !part.contains("\n") else { return nil }
      parts.append(part)
    }
    return "(" + parts.joined(separator: ", ") + ")"
  }

  private mutating func appendString(_ string: String) {
    append(quoted(string))
  }

  /// `string` bare when it reads back unchanged (and `always` does not ask for quotes, as a
  /// strings file's entries have them), else quoted with escapes.
  private func quoted(_ string: String, always: Bool = false) -> String {
    if !always, OpenStepSyntax.canWriteUnquoted(string) { return string }
    var result: [UInt8] = [UInt8(ascii: "\"")]
    for byte in string.utf8 {
      switch byte {
      case UInt8(ascii: "\""): result.append(contentsOf: Array("\\\"".utf8))
      case UInt8(ascii: "\\"): result.append(contentsOf: Array("\\\\".utf8))
      case 0x0A: result.append(contentsOf: Array("\\n".utf8))
      case 0x09: result.append(contentsOf: Array("\\t".utf8))
      case 0x0D: result.append(contentsOf: Array("\\r".utf8))
      case 0..<0x20, 0x7F: result.append(contentsOf: Array("\\U\(hex(UInt32(byte)))".utf8))
      default: result.append(byte)
      }
    }
    result.append(UInt8(ascii: "\""))
    return String(decoding: result, as: UTF8.self)
  }

  private func hexByte(_ byte: UInt8) -> String {
    let digits = String(byte, radix: 16)
    return digits.count == 1 ? "0" + digits : digits
  }

  private mutating func append(_ text: String) {
    output.append(contentsOf: text.utf8)
  }

  private mutating func appendIndent(_ level: Int) {
    output.append(contentsOf: repeatElement(0x20, count: level * 4))
  }
}
