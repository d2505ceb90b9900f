import TrellisValues

/// Helpers shared by the text parsers for bytes, hex digits and UTF-8.
enum UTF8Validation {
  /// The length of the well-formed UTF-8 sequence starting at `offset`, or `nil`.
  static func sequenceLength(in bytes: [UInt8], at offset: Int) -> Int? {
    let lead = bytes[offset]
    let length: Int
    var lower: UInt8 = 0x80
    var upper: UInt8 = 0xBF
    switch lead {
    case 0x00...0x7F: return 1
    case 0xC2...0xDF: length = 2
    case 0xE0:
      length = 3
      lower = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED:
      length = 3
      upper = 0x9F
    case 0xF0:
      length = 4
      lower = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4:
      length = 4
      upper = 0x8F
    default: return nil
    }
    guard offset + length <= bytes.count else { return nil }
    for position in 1..<length {
      let byte = bytes[offset + position]
      let (low, high) = position == 1 ? (lower, upper) : (0x80, 0xBF)
      guard byte >= low && byte <= high else { return nil }
    }
    return length
  }
}

/// The value of a hex digit, or `nil`.
func hexValue(_ byte: UInt8) -> UInt32? {
  switch byte {
  case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
  case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
  case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
  default: nil
  }
}

/// `code` as at least four upper-case hex digits.
func hex(_ code: UInt32) -> String {
  let digits = String(code, radix: 16, uppercase: true)
  return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
}

/// A byte as a readable character for messages: printable ASCII as itself, others as U+XXXX.
func describeByte(_ byte: UInt8) -> String {
  (0x21...0x7E).contains(byte) ? String(UnicodeScalar(byte)) : "U+\(hex(UInt32(byte)))"
}

/// "end of document", or the character at `offset` of `bytes` quoted for a message.
func describeCharacter(in bytes: [UInt8], at offset: Int) -> String {
  guard offset < bytes.count else { return "end of document" }
  if bytes[offset] >= 0x80, let length = UTF8Validation.sequenceLength(in: bytes, at: offset) {
    return "'" + String(decoding: bytes[offset..<offset + length], as: UTF8.self) + "'"
  }
  return "'\(describeByte(bytes[offset]))'"
}
