import TrellisValues

/// Where one value of a JSON text is, in bytes, with the places of its entries or elements:
/// what ``JSONTextEdit`` keeps of a file's own spelling.
indirect enum JSONSpan {
  /// A string, number, Boolean or null.
  case scalar(Range<Int>)
  /// An array and its elements.
  case array(Range<Int>, [JSONSpan])
  /// An object and its entries, in the text's order, keys decoded.
  case object(Range<Int>, [Entry])

  /// An object's entry: its key, decoded, and where its value is.
  struct Entry {
    let key: String
    let value: JSONSpan
  }

  /// The bytes the value takes, from its first character to its last.
  var range: Range<Int> {
    switch self {
    case .scalar(let range), .array(let range, _), .object(let range, _): range
    }
  }

  /// The span of the one value of `bytes`, a JSON text that reads (``JSONDocumentParser``);
  /// `nil` when it does not scan as one.
  static func scan(_ bytes: [UInt8]) -> JSONSpan? {
    var scanner = Scanner(bytes: bytes)
    guard let span = scanner.value(depth: 0) else { return nil }
    scanner.skipSpace()
    return scanner.offset == bytes.count ? span : nil
  }

  /// Walks a JSON text value by value.
  private struct Scanner {
    let bytes: [UInt8]
    var offset = 0

    /// Deeper than any document the parser reads.
    static let maximumDepth = 10_000

    mutating func skipSpace() {
      while offset < bytes.count, [0x20, 0x09, 0x0A, 0x0D].contains(bytes[offset]) {
        offset += 1
      }
    }

    mutating func value(depth: Int) -> JSONSpan? {
      skipSpace()
      guard offset < bytes.count, depth < Self.maximumDepth else { return nil }
      let start = offset
      switch bytes[offset] {
      case UInt8(ascii: "{"): return object(from: start, depth: depth)
      case UInt8(ascii: "["): return array(from: start, depth: depth)
      case UInt8(ascii: "\""):
        guard skipString() else { return nil }
      default:
        while offset < bytes.count, !Self.ends(bytes[offset]) { offset += 1 }
        guard offset > start else { return nil }
      }
      return .scalar(start..<offset)
    }

    /// Whether `byte` ends a number or a literal.
    private static func ends(_ byte: UInt8) -> Bool {
      [0x20, 0x09, 0x0A, 0x0D, UInt8(ascii: ","), UInt8(ascii: "]"), UInt8(ascii: "}")]
        .contains(byte)
    }

    private mutating func object(from start: Int, depth: Int) -> JSONSpan? {
      offset += 1
      var entries: [Entry] = []
      skipSpace()
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "}") {
        offset += 1
        return .object(start..<offset, entries)
      }
      while true {
        skipSpace()
        let keyStart = offset
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: "\""), skipString(),
          let key = key(bytes[keyStart..<offset])
        else { return nil }
        skipSpace()
        guard offset < bytes.count, bytes[offset] == UInt8(ascii: ":") else { return nil }
        offset += 1
        guard let value = value(depth: depth + 1) else { return nil }
        entries.append(Entry(key: key, value: value))
        skipSpace()
        guard offset < bytes.count else { return nil }
        offset += 1
        if bytes[offset - 1] == UInt8(ascii: "}") { return .object(start..<offset, entries) }
        guard bytes[offset - 1] == UInt8(ascii: ",") else { return nil }
      }
    }

    private mutating func array(from start: Int, depth: Int) -> JSONSpan? {
      offset += 1
      var elements: [JSONSpan] = []
      skipSpace()
      if offset < bytes.count, bytes[offset] == UInt8(ascii: "]") {
        offset += 1
        return .array(start..<offset, elements)
      }
      while true {
        guard let element = value(depth: depth + 1) else { return nil }
        elements.append(element)
        skipSpace()
        guard offset < bytes.count else { return nil }
        offset += 1
        if bytes[offset - 1] == UInt8(ascii: "]") { return .array(start..<offset, elements) }
        guard bytes[offset - 1] == UInt8(ascii: ",") else { return nil }
      }
    }

    /// The text of a key's string literal, its quotes included.
    private func key(_ literal: ArraySlice<UInt8>) -> String? {
      guard literal.contains(UInt8(ascii: "\\")) else {
        return String(decoding: literal.dropFirst().dropLast(), as: UTF8.self)
      }
      let document = try? LocatedDocument(
        bytes: Array(literal), format: .json, file: nil, options: DocumentReadOptions())
      guard case .string(let key)? = document?.root else { return nil }
      return key
    }

    /// Moves past the string that starts here; `false` when it does not end.
    private mutating func skipString() -> Bool {
      offset += 1
      while offset < bytes.count {
        switch bytes[offset] {
        case UInt8(ascii: "\\"): offset += 2
        case UInt8(ascii: "\""):
          offset += 1
          return true
        default: offset += 1
        }
      }
      return false
    }
  }
}
