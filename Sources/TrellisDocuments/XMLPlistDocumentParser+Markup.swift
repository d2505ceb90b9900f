import TrellisValues

/// The XML layer of ``XMLPlistDocumentParser``: tags, text, references, comments.
extension XMLPlistDocumentParser {
  /// A start tag just read.
  struct StartTag {
    /// The element name.
    var name: String
    /// Whether it was written `<name/>`.
    var selfClosing: Bool
    /// Where its `<` is.
    var offset: Int
    /// Where its content starts, just after `>`.
    var contentOffset: Int
  }

  func peek(at distance: Int = 0) -> UInt8? {
    index + distance < bytes.count ? bytes[index + distance] : nil
  }

  func describe(_ offset: Int) -> String {
    describeCharacter(in: bytes, at: offset)
  }

  private func starts(with text: StaticString, at offset: Int) -> Bool {
    text.withUTF8Buffer { utf8 in
      guard offset + utf8.count <= bytes.count else { return false }
      for index in 0..<utf8.count where bytes[offset + index] != utf8[index] { return false }
      return true
    }
  }

  private static func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
  }

  private static func isNameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
      UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: ":"),
      UInt8(ascii: "."), UInt8(ascii: "-"), 0x80...:
      true
    default: false
    }
  }

  /// Skips white space, comments and processing instructions (and a document type declaration
  /// where `allowDoctype`). Other text is an error inside an element named by `inside`.
  mutating func skipMisc(allowDoctype: Bool, inside: String? = nil) throws(Diagnostic) {
    while let byte = peek() {
      if Self.isSpace(byte) {
        index += 1
      } else if starts(with: "<!--", at: index) {
        try skip(past: "-->", what: "comment")
      } else if starts(with: "<?", at: index) {
        try skip(past: "?>", what: "processing instruction")
      } else if allowDoctype && starts(with: "<!DOCTYPE", at: index) {
        try skipDoctype()
      } else if byte != UInt8(ascii: "<"), let inside {
        throw builder.error("unexpected text \(describe(index)) in <\(inside)>", at: index)
      } else {
        return
      }
    }
  }

  private mutating func skip(past end: StaticString, what: String) throws(Diagnostic) {
    let open = index
    index += 2
    while !starts(with: end, at: index) {
      guard index < bytes.count else { throw builder.error("unterminated \(what)", at: open) }
      index += 1
    }
    index += end.utf8CodeUnitCount
  }

  private mutating func skipDoctype() throws(Diagnostic) {
    let open = index
    var quote: UInt8?
    var brackets = 0
    index += 2
    while let byte = peek() {
      index += 1
      if let open = quote {
        if byte == open { quote = nil }
      } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
        quote = byte
      } else if byte == UInt8(ascii: "[") {
        brackets += 1
      } else if byte == UInt8(ascii: "]") {
        brackets -= 1
      } else if byte == UInt8(ascii: ">") && brackets <= 0 {
        return
      }
    }
    throw builder.error("unterminated document type declaration", at: open)
  }

  private mutating func parseName() throws(Diagnostic) -> String {
    let start = index
    while let byte = peek(), Self.isNameByte(byte) { index += 1 }
    guard index > start else {
      throw builder.error("expected an element name, found \(describe(index))", at: index)
    }
    return String(decoding: bytes[start..<index], as: UTF8.self)
  }

  /// Reads `<name attr="value" ...>` or `<name/>` at the current `<`.
  mutating func parseStartTag() throws(Diagnostic) -> StartTag {
    let offset = index
    index += 1
    let name = try parseName()
    while true {
      while let byte = peek(), Self.isSpace(byte) { index += 1 }
      guard let byte = peek() else { throw builder.error("unterminated <\(name)> tag", at: offset) }
      if byte == UInt8(ascii: ">") {
        index += 1
        return StartTag(name: name, selfClosing: false, offset: offset, contentOffset: index)
      }
      if byte == UInt8(ascii: "/") && peek(at: 1) == UInt8(ascii: ">") {
        index += 2
        return StartTag(name: name, selfClosing: true, offset: offset, contentOffset: index)
      }
      try skipAttribute(in: name)
    }
  }

  private mutating func skipAttribute(in element: String) throws(Diagnostic) {
    let attribute = try parseName()
    while let byte = peek(), Self.isSpace(byte) { index += 1 }
    guard peek() == UInt8(ascii: "=") else {
      throw builder.error("expected '=' after attribute '\(attribute)' of <\(element)>", at: index)
    }
    index += 1
    while let byte = peek(), Self.isSpace(byte) { index += 1 }
    guard let quote = peek(), quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'") else {
      throw builder.error("expected a quoted value for attribute '\(attribute)'", at: index)
    }
    let open = index
    index += 1
    while let byte = peek(), byte != quote {
      if byte == UInt8(ascii: "<") {
        throw builder.error("'<' is not allowed in an attribute value", at: index)
      }
      index += 1
    }
    guard peek() == quote else { throw builder.error("unterminated attribute value", at: open) }
    index += 1
  }

  /// Reads `</name>`, which must close the element opened at `openOffset`.
  mutating func parseEndTag(_ name: String, openedAt openOffset: Int) throws(Diagnostic) {
    let offset = index
    let place = builder.location(at: openOffset)
    let expected = "expected </\(name)> to close <\(name)> opened at \(place.line):\(place.column)"
    guard peek() == UInt8(ascii: "<"), peek(at: 1) == UInt8(ascii: "/") else {
      throw builder.error(expected + ", found \(describe(index))", at: index)
    }
    index += 2
    let found = try parseName()
    while let byte = peek(), Self.isSpace(byte) { index += 1 }
    guard found == name else { throw builder.error(expected + ", found </\(found)>", at: offset) }
    guard peek() == UInt8(ascii: ">") else {
      throw builder.error("expected '>' to end </\(name)>", at: index)
    }
    index += 1
  }

  /// Reads character data up to the next end tag: text, references, CDATA; comments skipped.
  /// Line ends ("\r\n" or "\r") read as "\n", as XML requires.
  mutating func parseText(inside tag: StartTag) throws(Diagnostic) -> String {
    var utf8: [UInt8] = []
    while true {
      guard let byte = peek() else {
        let place = builder.location(at: tag.offset)
        throw builder.error(
          "expected </\(tag.name)> to close <\(tag.name)> opened at \(place.line):\(place.column)",
          at: index)
      }
      switch byte {
      case UInt8(ascii: "<"):
        if starts(with: "</", at: index) {
          return String(decoding: utf8, as: UTF8.self)
        } else if starts(with: "<!--", at: index) {
          try skip(past: "-->", what: "comment")
        } else if starts(with: "<![CDATA[", at: index) {
          let open = index
          index += 9
          while !starts(with: "]]>", at: index) {
            guard index < bytes.count else {
              throw builder.error("unterminated CDATA section", at: open)
            }
            try appendCharacter(to: &utf8)
          }
          index += 3
        } else if starts(with: "<?", at: index) {
          try skip(past: "?>", what: "processing instruction")
        } else {
          let offset = index
          index += 1
          let name = (try? parseName()) ?? ""
          throw builder.error("unexpected <\(name)> inside <\(tag.name)>", at: offset)
        }
      case UInt8(ascii: "&"):
        try appendReference(to: &utf8)
      default:
        try appendCharacter(to: &utf8)
      }
    }
  }

  /// Appends one character of raw text, normalising line ends.
  private mutating func appendCharacter(to utf8: inout [UInt8]) throws(Diagnostic) {
    let byte = bytes[index]
    if byte == 0x0D {
      utf8.append(0x0A)
      index += peek(at: 1) == 0x0A ? 2 : 1
      return
    }
    guard let length = UTF8Validation.sequenceLength(in: bytes, at: index) else {
      throw builder.error("invalid UTF-8 in text", at: index)
    }
    utf8.append(contentsOf: bytes[index..<index + length])
    index += length
  }

  /// Appends the character of `&name;`, `&#decimal;` or `&#xhex;`.
  private mutating func appendReference(to utf8: inout [UInt8]) throws(Diagnostic) {
    let start = index
    index += 1
    let nameStart = index
    while let byte = peek(), byte != UInt8(ascii: ";"), index - nameStart < 12 { index += 1 }
    guard peek() == UInt8(ascii: ";") else {
      throw builder.error("'&' must start a reference such as &amp;", at: start)
    }
    let name = String(decoding: bytes[nameStart..<index], as: UTF8.self)
    index += 1
    let code: UInt32?
    switch name {
    case "lt": code = 0x3C
    case "gt": code = 0x3E
    case "amp": code = 0x26
    case "quot": code = 0x22
    case "apos": code = 0x27
    default:
      if name.hasPrefix("#x") || name.hasPrefix("#X") {
        code = UInt32(name.dropFirst(2), radix: 16)
      } else if name.hasPrefix("#") {
        code = UInt32(name.dropFirst(), radix: 10)
      } else {
        throw builder.error("unknown entity '&\(name);'", at: start)
      }
    }
    guard let code, let scalar = Unicode.Scalar(code) else {
      throw builder.error("invalid character reference '&\(name);'", at: start)
    }
    utf8.append(contentsOf: String(Character(scalar)).utf8)
  }
}
