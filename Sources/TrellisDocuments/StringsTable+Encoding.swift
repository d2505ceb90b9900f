import TrellisValues

extension StringsTable {
  /// The text of a strings file as UTF-8: UTF-16 (by its byte-order mark, or by the zero
  /// bytes of ASCII text without one) is transcoded; anything else is taken as UTF-8.
  ///
  /// - Throws: a located ``Diagnostic`` for an odd number of UTF-16 bytes or an unpaired
  ///   surrogate.
  static func utf8(_ bytes: [UInt8], file: String?) throws(Diagnostic) -> [UInt8] {
    guard bytes.count >= 2 else { return bytes }
    let littleEndian: Bool
    var start = 0
    switch (bytes[0], bytes[1]) {
    case (0xFF, 0xFE):
      littleEndian = true
      start = 2
    case (0xFE, 0xFF):
      littleEndian = false
      start = 2
    case (let first, 0) where first != 0: littleEndian = true
    case (0, let second) where second != 0: littleEndian = false
    default: return bytes
    }
    return try transcode(bytes, from: start, littleEndian: littleEndian, file: file)
  }

  /// UTF-16 code units from `start` to the end, as UTF-8; errors are located by the lines and
  /// columns of the text read so far.
  private static func transcode(
    _ bytes: [UInt8], from start: Int, littleEndian: Bool, file: String?
  ) throws(Diagnostic) -> [UInt8] {
    var output: [UInt8] = []
    output.reserveCapacity(bytes.count - start)
    var line = 1
    var column = 1
    func error(_ message: String) -> Diagnostic {
      Diagnostic(message, at: SourceLocation(file: file, line: line, column: column), file: file)
    }
    func unit(at offset: Int) -> UInt32 {
      let (low, high) =
        littleEndian ? (bytes[offset], bytes[offset + 1]) : (bytes[offset + 1], bytes[offset])
      return UInt32(high) << 8 | UInt32(low)
    }
    var offset = start
    while offset < bytes.count {
      guard offset + 1 < bytes.count else {
        throw error("a UTF-16 file must have an even number of bytes; the last one is alone")
      }
      var code = unit(at: offset)
      offset += 2
      if (0xD800...0xDBFF).contains(code) {
        guard offset + 1 < bytes.count, (0xDC00...0xDFFF).contains(unit(at: offset)) else {
          throw error("unpaired UTF-16 surrogate \(hex(code))")
        }
        code = 0x10000 + ((code - 0xD800) << 10) + (unit(at: offset) - 0xDC00)
        offset += 2
      } else if (0xDC00...0xDFFF).contains(code) {
        throw error("unpaired UTF-16 surrogate \(hex(code))")
      }
      guard let scalar = Unicode.Scalar(code) else { throw error("invalid UTF-16") }
      if scalar == "\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
      output.append(contentsOf: UTF8.encode(scalar).map(Array.init) ?? [])
    }
    return output
  }
}
