import Foundation
import TrellisValues

/// A parsed document: its tree of values and where each entry came from in the file.
///
/// Dictionaries keep the order their keys have in the file, for every format. Locations are
/// kept per key path: dictionary keys joined with `.` and array elements by index, as in
/// `sections.theOnlySection.displayRows.0`; the root is the empty key path. A key that itself
/// contains `.` makes its path ambiguous; the first entry recorded under a path wins.
///
/// OpenStep property lists have no numbers, Booleans or dates: `rows = 12;` reads as the string
/// `"12"`. Typed conversion happens where the expected type is known (the schema layer), with
/// ``Value/parse(_:as:)``.
public struct LocatedDocument: Hashable, Sendable {
  /// The tree of values.
  public var root: Value
  /// The format it was read from.
  public var format: DocumentFormat
  /// The file named in locations and diagnostics, if any.
  public var file: String?
  /// Where each key path's key and value are in the text. Empty for binary property lists.
  public var locations: [String: NodeLocation]
  /// Where each key path's value starts in a binary property list, in bytes from the start of
  /// the file; empty for text formats, whose ``locations`` have lines.
  package var byteOffsets: [String: Int] = [:]
  /// How a CSV, TSV or JSON file's first line ended, which writing it again keeps; `nil` for
  /// other formats and files of one line.
  package var lineBreak: DocumentWriteOptions.LineBreak?
  /// The columns a CSV or TSV file's header names, in order; `nil` for other formats and an
  /// empty file.
  package var columns: [String]?
  /// One level of a JSON file's indentation (its first indented line's), which writing it
  /// again keeps; `nil` for other formats and a file on one line.
  package var indentation: String?
  /// Whether an OpenStep property list is a strings file (bare `key = value;` entries), which
  /// writing it again keeps.
  package var stringsFile: Bool?

  /// Where one entry of a document is.
  public struct NodeLocation: Hashable, Sendable {
    /// Where its dictionary key starts; `nil` for array elements and the root.
    public var key: SourceLocation?
    /// Where its value starts.
    public var value: SourceLocation

    /// Creates a location.
    public init(key: SourceLocation?, value: SourceLocation) {
      self.key = key
      self.value = value
    }
  }

  /// Creates a document from parts; used by parsers and by code that builds documents.
  public init(
    root: Value, format: DocumentFormat, file: String? = nil,
    locations: [String: NodeLocation] = [:]
  ) {
    self.root = root
    self.format = format
    self.file = file
    self.locations = locations
  }

  /// Parses `data`, detecting its format unless `format` is given.
  ///
  /// - Parameters:
  ///   - file: the name used in locations and diagnostics; its extension is the detection hint.
  /// - Throws: a ``Diagnostic`` located at the problem (line and column for text formats).
  public init(
    data: Data, format: DocumentFormat? = nil, file: String? = nil,
    options: DocumentReadOptions = DocumentReadOptions()
  ) throws(Diagnostic) {
    try self.init(bytes: [UInt8](data), format: format, file: file, options: options)
  }

  /// Parses `text`, detecting its format unless `format` is given.
  public init(
    text: String, format: DocumentFormat? = nil, file: String? = nil,
    options: DocumentReadOptions = DocumentReadOptions()
  ) throws(Diagnostic) {
    try self.init(bytes: Array(text.utf8), format: format, file: file, options: options)
  }

  package init(
    bytes: [UInt8], format: DocumentFormat?, file: String?, options: DocumentReadOptions
  ) throws(Diagnostic) {
    let hint = file.map { URL(fileURLWithPath: $0).pathExtension }
    let format = format ?? DocumentFormat.detect(in: bytes, pathExtension: hint)
    switch format {
    case .json:
      var parser = JSONDocumentParser(bytes: bytes, file: file, options: options)
      self = try parser.parse()
    case .openStepPlist:
      var parser = OpenStepDocumentParser(bytes: bytes, file: file, options: options)
      self = try parser.parse()
    case .xmlPlist:
      var parser = XMLPlistDocumentParser(bytes: bytes, file: file, options: options)
      self = try parser.parse()
    case .binaryPlist:
      var reader = BinaryPlistReader(bytes: bytes, file: file, options: options)
      self = try reader.read()
    case .csv, .tsv:
      var parser = CSVDocumentParser(bytes: bytes, file: file, options: options, format: format)
      self = try parser.parse()
    }
  }

  /// Where the value at `keyPath` starts, or `nil` when it was not in the text.
  public func location(ofKeyPath keyPath: String) -> SourceLocation? {
    locations[keyPath]?.value
  }

  /// Where the key of the entry at `keyPath` starts (its value's place for array elements).
  public func keyLocation(ofKeyPath keyPath: String) -> SourceLocation? {
    guard let entry = locations[keyPath] else { return nil }
    return entry.key ?? entry.value
  }

  /// An error about the entry at `keyPath`, located at its key (`onKey`) or its value.
  ///
  /// When the entry has no location (it was added after parsing, or the format has no lines)
  /// the nearest enclosing entry's location is used, and failing that only the file is named:
  /// `MyTable.plist:7:13: error: unknown key 'rowz' (did you mean 'rows'?)`. A binary property
  /// list has no lines: the message names the byte offset of the entry's object instead,
  /// `MyTable.plist: error: … (binary property list, object at byte offset 52)`.
  public func diagnostic(
    _ message: String, atKeyPath keyPath: String, onKey: Bool = true,
    severity: Diagnostic.Severity = .error
  ) -> Diagnostic {
    var path = keyPath
    while true {
      if let entry = locations[path] {
        let place = onKey && path == keyPath ? (entry.key ?? entry.value) : entry.value
        return Diagnostic(message, at: place, file: file, severity: severity)
      }
      if let offset = byteOffsets[path] {
        return Diagnostic(
          "\(message) (binary property list, object at byte offset \(offset))", file: file,
          severity: severity)
      }
      guard !path.isEmpty else { break }
      if let dot = path.lastIndex(of: ".") {
        path = String(path[..<dot])
      } else {
        path = ""
      }
    }
    return Diagnostic(message, file: file, severity: severity)
  }
}
