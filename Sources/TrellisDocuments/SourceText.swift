import TrellisValues

/// The bytes of a text document and the table that turns byte offsets into lines and columns.
///
/// Parsers work on UTF-8 bytes; a ``SourceLocation`` counts columns in characters. Offsets are
/// usually asked for in increasing order, so the column of the last answer is kept and counting
/// continues from there; an ASCII stretch is counted without decoding.
struct SourceText: Sendable {
  /// The document's bytes.
  let bytes: [UInt8]
  /// The file named in locations, if any.
  let file: String?
  /// The offset of the first byte of every line.
  private let lineStarts: [Int]
  /// The last offset answered, its line index and its column.
  private var cache: (offset: Int, line: Int, column: Int) = (0, 0, 1)

  /// Indexes `bytes`. A line ends after "\n" (so "\r\n" is one line end).
  init(bytes: [UInt8], file: String?) {
    self.bytes = bytes
    self.file = file
    var starts = [0]
    for (index, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") {
      starts.append(index + 1)
    }
    lineStarts = starts
  }

  /// The location of the byte at `offset` (clamped to the document).
  mutating func location(at offset: Int) -> SourceLocation {
    let offset = Swift.min(Swift.max(offset, 0), bytes.count)
    let line = lineIndex(of: offset)
    let start: Int
    var column: Int
    if line == cache.line && offset >= cache.offset {
      start = cache.offset
      column = cache.column
    } else {
      start = lineStarts[line]
      column = 1
    }
    column += characterCount(from: start, to: offset)
    cache = (offset, line, column)
    return SourceLocation(file: file, line: line + 1, column: column)
  }

  /// The index of the line holding `offset`.
  private func lineIndex(of offset: Int) -> Int {
    // Parsers mostly ask about the cached line or the ones just after it.
    var line = cache.line
    while line < cache.line + 4 && lineStarts[line] <= offset {
      if line + 1 == lineStarts.count || offset < lineStarts[line + 1] { return line }
      line += 1
    }
    var low = 0
    var high = lineStarts.count - 1
    while low < high {
      let middle = (low + high + 1) / 2
      if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
    }
    return low
  }

  /// The number of characters in `bytes[start..<end]`, which lie on one line.
  private func characterCount(from start: Int, to end: Int) -> Int {
    guard start < end else { return 0 }
    var index = start
    while index < end && bytes[index] < 0x80 { index += 1 }
    if index == end { return end - start }
    return String(decoding: bytes[start..<end], as: UTF8.self).count
  }
}
