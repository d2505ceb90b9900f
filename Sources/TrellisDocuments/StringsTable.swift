import Foundation
import TrellisValues

/// A strings file (`Root.strings`): the table that localises a Settings bundle's titles, as
/// `"key" = "value";` entries.
///
/// The text is the old-style property list format: `/* */` and `//` comments, quoted strings
/// with escapes (`\"`, `\\`, `\n`, `\t`, `\U20AC`), unquoted keys of word characters, and
/// `"key";` as short for `"key" = "key";`. A file may be UTF-8 (with or without a byte-order
/// mark) or UTF-16 (either byte order, with a mark or recognisably without one). XML and binary
/// property lists holding one dictionary of strings are read too, as Foundation reads them.
///
/// A repeated key keeps its last value, as Foundation does. Reading takes time linear in the
/// size of the file, and every error names the file, line and column.
///
/// ```swift
/// let table = try StringsTable(data: data, file: "en.lproj/Root.strings")
/// table["SOUND_GROUP"]  // "Sound"
/// ```
public struct StringsTable: Hashable, Sendable {
  /// The file named in diagnostics.
  public var file: String?
  /// The translations, by key.
  public var strings: [String: String]
  /// Where each key is written, where the format has lines.
  public var locations: [String: SourceLocation]

  /// Creates a table from translations.
  public init(
    _ strings: [String: String] = [:], file: String? = nil,
    locations: [String: SourceLocation] = [:]
  ) {
    self.strings = strings
    self.file = file
    self.locations = locations
  }

  /// Reads a strings file.
  ///
  /// - Throws: a ``Diagnostic`` located at the first problem: a syntax error, text that is not
  ///   UTF-8 or UTF-16, or an entry whose value is not a string.
  public init(data: Data, file: String? = nil) throws(Diagnostic) {
    try self.init(bytes: [UInt8](data), file: file)
  }

  /// Reads a strings file from its bytes; see ``init(data:file:)``.
  public init(bytes: [UInt8], file: String? = nil) throws(Diagnostic) {
    self.file = file
    strings = [:]
    locations = [:]
    let utf8 = try Self.utf8(bytes, file: file)
    if Self.isBlank(utf8) { return }
    var format = DocumentFormat.detect(in: utf8, pathExtension: "strings")
    // Text is read as text: JSON is not a strings format, and a binary property list is only
    // the bytes as they were in the file.
    if format == .json || (format == .binaryPlist && utf8 != bytes) { format = .openStepPlist }
    let options = DocumentReadOptions(maximumDepth: 64, allowsDuplicateKeys: true)
    let document = try LocatedDocument(bytes: utf8, format: format, file: file, options: options)
    guard let dictionary = document.root.dictionaryValue else {
      throw document.diagnostic(
        "a strings file holds \"key\" = \"value\"; entries, not a single "
          + Self.describe(document.root), atKeyPath: "")
    }
    for (key, value) in dictionary {
      guard case .string(let text) = value else {
        throw document.diagnostic(
          "the value of '\(key)' must be a string, not \(Self.describe(value))",
          atKeyPath: key, onKey: false)
      }
      strings[key] = text
      if let location = document.keyLocation(ofKeyPath: key) { locations[key] = location }
    }
  }

  /// The translation of `key`, if the table has one.
  public subscript(key: String) -> String? { strings[key] }

  /// The number of entries.
  public var count: Int { strings.count }

  private static func describe(_ value: Value) -> String {
    switch value {
    case .array: "list"
    case .dictionary: "dictionary"
    case .data: "data value"
    default: "\(value.type.description.lowercased()) value"
    }
  }

  /// Whether the text holds only white space and comments (an empty table).
  static func isBlank(_ bytes: [UInt8]) -> Bool {
    var index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    while index < bytes.count {
      let byte = bytes[index]
      let next = index + 1 < bytes.count ? bytes[index + 1] : 0
      if OpenStepSyntax.isWhitespace(byte) {
        index += 1
      } else if byte == UInt8(ascii: "/") && next == UInt8(ascii: "/") {
        while index < bytes.count && bytes[index] != 0x0A && bytes[index] != 0x0D { index += 1 }
      } else if byte == UInt8(ascii: "/") && next == UInt8(ascii: "*") {
        index += 2
        while index + 1 < bytes.count
          && !(bytes[index] == UInt8(ascii: "*") && bytes[index + 1] == UInt8(ascii: "/"))
        {
          index += 1
        }
        // An unterminated comment is not blank: the parser reports it.
        guard index + 1 < bytes.count else { return false }
        index += 2
      } else {
        return false
      }
    }
    return true
  }
}
