/// A place in a text: a 1-based line and column, and the file when there is one.
public struct SourceLocation: Hashable, Sendable, Comparable, CustomStringConvertible {
  /// The file, or `nil` for text that did not come from a file.
  public var file: String?
  /// The line, counted from 1.
  public var line: Int
  /// The column, counted from 1, in characters (extended grapheme clusters).
  public var column: Int

  /// Creates a location.
  public init(file: String? = nil, line: Int, column: Int) {
    self.file = file
    self.line = line
    self.column = column
  }

  /// The location of the character at `offset` (in characters) of `text`.
  public init(offset: Int, in text: String, file: String? = nil) {
    var line = 1
    var column = 1
    for (index, character) in text.enumerated() {
      if index >= offset { break }
      if character == "\n" || character == "\r\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    self.init(file: file, line: line, column: column)
  }

  /// The same location in `file`.
  public func inFile(_ file: String?) -> SourceLocation {
    SourceLocation(file: file, line: line, column: column)
  }

  public static func < (lhs: Self, rhs: Self) -> Bool {
    (lhs.line, lhs.column) < (rhs.line, rhs.column)
  }

  /// `FILE:LINE:COL`, or `LINE:COL` without a file.
  public var description: String {
    if let file { return "\(file):\(line):\(column)" }
    return "\(line):\(column)"
  }
}
