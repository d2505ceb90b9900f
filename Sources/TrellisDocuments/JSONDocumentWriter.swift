import TrellisValues

/// Writes JSON: the indentation of the file read (``DocumentWriteOptions/indentation``, two
/// spaces by default), `"key": value`, keys in the tree's order, a final newline.
///
/// Doubles are written so that they read back as doubles (`1.0`, `1e+20`); integers without a
/// fraction. Strings escape `"`, `\`, and control characters; other characters are UTF-8.
struct JSONDocumentWriter {
  var context: DocumentWriteContext
  private var output: [UInt8] = []

  init(context: DocumentWriteContext) {
    self.context = context
  }

  mutating func write(_ value: Value) throws(Diagnostic) -> [UInt8] {
    try write(value, indent: 0)
    output.append(0x0A)
    return output
  }

  /// The bytes of `value` alone, as written `indent` levels deep, at `path`: a value that
  /// replaces one in a file's text (``JSONTextEdit``).
  mutating func fragment(_ value: Value, indent: Int, path: [String]) throws(Diagnostic)
    -> [UInt8]
  {
    output = []
    context.path = path
    try write(value, indent: indent)
    return output
  }

  private mutating func write(_ value: Value, indent: Int) throws(Diagnostic) {
    switch value {
    case .null: append("null")
    case .bool(let bool): append(bool ? "true" : "false")
    case .int(let int): append(String(int))
    case .double(let double):
      if double.isFinite {
        append("\(double)")
      } else if context.converts, let text = DocumentWriteContext.text(of: value) {
        appendString(text)
      } else {
        throw context.error("JSON has no \(double.isNaN ? "NaN" : "infinite") numbers")
      }
    case .string(let string): appendString(string)
    case .date:
      guard context.converts, let text = DocumentWriteContext.text(of: value) else {
        if context.converts { throw context.error("the date's year is outside 1...9999") }
        throw context.unrepresentable(value)
      }
      appendString(text)
    case .data(let data):
      guard context.converts else { throw context.unrepresentable(value) }
      appendString(data.base64EncodedString())
    case .array(let array):
      try context.checkDepth()
      guard !array.isEmpty else { return append("[]") }
      append("[\n")
      for (position, element) in array.enumerated() {
        context.path.append(String(position))
        appendIndent(indent + 1)
        try write(element, indent: indent + 1)
        if position < array.count - 1 { output.append(UInt8(ascii: ",")) }
        output.append(0x0A)
        context.path.removeLast()
      }
      appendIndent(indent)
      append("]")
    case .dictionary(let dictionary):
      try context.checkDepth()
      guard !dictionary.isEmpty else { return append("{}") }
      append("{\n")
      var position = 0
      for (key, element) in dictionary {
        context.path.append(key)
        appendIndent(indent + 1)
        appendString(key)
        append(": ")
        try write(element, indent: indent + 1)
        position += 1
        if position < dictionary.count { output.append(UInt8(ascii: ",")) }
        output.append(0x0A)
        context.path.removeLast()
      }
      appendIndent(indent)
      append("}")
    case .object: throw context.unrepresentable(value)
    }
  }

  private mutating func append(_ text: String) {
    output.append(contentsOf: text.utf8)
  }

  private mutating func appendIndent(_ level: Int) {
    guard let unit = context.options.indentation else {
      return output.append(contentsOf: repeatElement(0x20, count: level * 2))
    }
    for _ in 0..<level { output.append(contentsOf: unit.utf8) }
  }

  private mutating func appendString(_ string: String) {
    JSONString.append(string, to: &output)
  }
}
