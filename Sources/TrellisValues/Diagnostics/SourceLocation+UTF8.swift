extension SourceLocation {
  /// Where the first byte that is not valid UTF-8 is in `bytes`: its offset, and its line and
  /// column (in the characters before it on its line); `nil` when all of `bytes` is UTF-8.
  ///
  /// For files read as text whose decoding fails, so that the error says where.
  package static func firstInvalidUTF8(in bytes: [UInt8], file: String? = nil) -> (
    offset: Int, location: SourceLocation
  )? {
    var parser = Unicode.UTF8.ForwardParser()
    var iterator = bytes.makeIterator()
    var offset = 0
    var lineStart = 0
    var line = 1
    while true {
      switch parser.parseScalar(from: &iterator) {
      case .valid(let scalar):
        offset += scalar.count
        if scalar.count == 1 && scalar.first == UInt8(ascii: "\n") {
          line += 1
          lineStart = offset
        }
      case .emptyInput:
        return nil
      case .error:
        let before = String(decoding: bytes[lineStart..<offset], as: UTF8.self)
        return (offset, SourceLocation(file: file, line: line, column: before.count + 1))
      }
    }
  }
}
