import Foundation
import TrellisValues

/// The file formats a document can be read from and written back to.
///
/// | format | numbers and Booleans | dates and data | null | locations |
/// |---|---|---|---|---|
/// | ``json`` | yes | no (strings, by choice) | yes | line and column |
/// | ``xmlPlist`` | yes | yes | no | line and column |
/// | ``binaryPlist`` | yes | yes | no | byte offsets in messages only |
/// | ``openStepPlist`` | no: every scalar is a string | data only | no | line and column |
public enum DocumentFormat: String, Hashable, Sendable, CaseIterable, CustomStringConvertible {
  /// JSON (RFC 8259).
  case json
  /// An XML property list (`<plist version="1.0">`).
  case xmlPlist
  /// A binary property list (`bplist00`).
  case binaryPlist
  /// An OpenStep (old-style ASCII) property list: `{ key = value; }`, `( a, b )`, `<0fbd>`.
  case openStepPlist
  /// Comma-separated values (RFC 4180): a header line naming the columns, then a record per
  /// line. The root is a list of dictionaries. Read when the file's extension is `csv`.
  case csv
  /// Tab-separated values, as ``csv`` with tabs. Read when the file's extension is `tsv`.
  case tsv

  public var description: String {
    switch self {
    case .json: "JSON"
    case .xmlPlist: "XML property list"
    case .binaryPlist: "binary property list"
    case .openStepPlist: "OpenStep property list"
    case .csv: "CSV"
    case .tsv: "TSV"
    }
  }

  /// The usual file extension.
  public var preferredPathExtension: String {
    switch self {
    case .json: "json"
    case .csv: "csv"
    case .tsv: "tsv"
    case .xmlPlist, .binaryPlist, .openStepPlist: "plist"
    }
  }

  /// Whether the format has lines and columns to report locations with.
  public var isText: Bool { self != .binaryPlist }
}
