import Foundation
import TrellisValues

/// Writes an XML property list in the usual layout: the XML declaration, the Apple DOCTYPE,
/// `<plist version="1.0">`, tab indentation, keys in the tree's order.
///
/// Text escapes `&`, `<` and `>`; carriage returns and other control characters are written as
/// character references so that XML's line-end rules cannot change them. Dates are ISO 8601 in
/// UTC in whole seconds, as Apple writes and reads them (a fraction of a second is dropped).
/// Data is base64, and non-finite reals are `nan`, `+infinity` and `-infinity`.
struct XMLPlistDocumentWriter {
  var context: DocumentWriteContext
  private var output: [UInt8] = []

  init(context: DocumentWriteContext) {
    self.context = context
  }

  mutating func write(_ value: Value) throws(Diagnostic) -> [UInt8] {
    append(
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" \
      "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
      <plist version="1.0">

      """)
    try write(value, indent: 0)
    append("</plist>\n")
    return output
  }

  private mutating func write(_ value: Value, indent: Int) throws(Diagnostic) {
    appendIndent(indent)
    switch value {
    case .null, .object: throw context.unrepresentable(value)
    case .bool(let bool): append(bool ? "<true/>" : "<false/>")
    case .int(let int): element("integer", String(int))
    case .double(let double):
      let text =
        double.isNaN
        ? "nan"
        : double.isInfinite
          ? (double < 0 ? "-infinity" : "+infinity")
          : "\(double)"
      element("real", text)
    case .string(let string): element("string", string)
    case .date(let date):
      guard let text = DocumentDate.string(from: date) else {
        throw context.error("the date's year is outside 1...9999")
      }
      element("date", text)
    case .data(let data): element("data", data.base64EncodedString())
    case .array(let array):
      try context.checkDepth()
      guard !array.isEmpty else { break }
      append("<array>\n")
      for (position, element) in array.enumerated() {
        context.path.append(String(position))
        try write(element, indent: indent + 1)
        context.path.removeLast()
      }
      appendIndent(indent)
      append("</array>")
    case .dictionary(let dictionary):
      try context.checkDepth()
      guard !dictionary.isEmpty else { break }
      append("<dict>\n")
      for (key, element) in dictionary {
        context.path.append(key)
        appendIndent(indent + 1)
        self.element("key", key)
        output.append(0x0A)
        try write(element, indent: indent + 1)
        context.path.removeLast()
      }
      appendIndent(indent)
      append("</dict>")
    }
    if case .array(let array) = value, array.isEmpty { append("<array/>") }
    if case .dictionary(let dictionary) = value, dictionary.isEmpty { append("<dict/>") }
    output.append(0x0A)
  }

  private mutating func element(_ name: String, _ text: String) {
    append("<\(name)>")
    for byte in text.utf8 {
      switch byte {
      case UInt8(ascii: "&"): append("&amp;")
      case UInt8(ascii: "<"): append("&lt;")
      case UInt8(ascii: ">"): append("&gt;")
      case 0x09, 0x0A: output.append(byte)
      case 0..<0x20, 0x7F: append("&#\(byte);")
      default: output.append(byte)
      }
    }
    append("</\(name)>")
  }

  private mutating func append(_ text: String) {
    output.append(contentsOf: text.utf8)
  }

  private mutating func appendIndent(_ level: Int) {
    output.append(contentsOf: repeatElement(0x09, count: level))
  }
}
