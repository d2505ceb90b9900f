import TrellisValues

/// How ``DocumentWriter`` treats values a format cannot hold, and how separated values end
/// their lines.
public struct DocumentWriteOptions: Hashable, Sendable {
  /// What to do with a value the format has no type for.
  public enum Conversion: Hashable, Sendable {
    /// Fail with an error naming the value's key path.
    case fail
    /// Write it as a string (see ``DocumentWriter``); reading it back gives the string.
    case writeAsStrings
  }

  /// What to do with a value the format has no type for.
  public var conversion: Conversion
  /// How deeply arrays and dictionaries may nest; deeper trees are an error.
  public var maximumDepth: Int
  /// How CSV, TSV and JSON lines end; `nil` keeps those of the file read (``DocumentFile``,
  /// ``LocatedDocument/encoded(options:)``), and LF for a new one.
  public var lineBreak: LineBreak?
  /// The columns a CSV or TSV file's header names first, in their order, even when no record
  /// holds them: those of the file read (``DocumentFile``), so that a file of no records keeps
  /// its header.
  package var columns: [String]?
  /// One level of a JSON file's indentation; `nil` keeps that of the file read
  /// (``DocumentFile``), and two spaces for a new one.
  package var indentation: String?
  /// Whether an OpenStep property list is written as a strings file: its top-level entries
  /// bare and quoted (`"key" = "value";`), without braces; `nil` keeps the file read's.
  package var stringsFile: Bool?

  /// How a line of separated values ends.
  public enum LineBreak: Hashable, Sendable {
    /// A line feed, as Unix writes text.
    case lf
    /// A carriage return and a line feed, as RFC 4180 and Windows write it.
    case crlf
  }

  /// These options, with the line break, columns and indentation a file read had where these
  /// leave them open.
  package func keeping(
    lineBreak: LineBreak?, columns: [String]?, indentation: String? = nil,
    stringsFile: Bool? = nil
  ) -> Self {
    var kept = self
    if kept.lineBreak == nil { kept.lineBreak = lineBreak }
    if kept.columns == nil { kept.columns = columns }
    if kept.indentation == nil { kept.indentation = indentation }
    if kept.stringsFile == nil { kept.stringsFile = stringsFile }
    return kept
  }

  /// Creates options. The defaults fail on anything lossy.
  public init(conversion: Conversion = .fail, maximumDepth: Int = 256, lineBreak: LineBreak? = nil)
  {
    self.conversion = conversion
    self.maximumDepth = maximumDepth
    self.lineBreak = lineBreak
  }
}
