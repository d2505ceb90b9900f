import Foundation
import TrellisValues

/// The state writers share: the options, the key path being written, and the errors.
struct DocumentWriteContext {
  let format: DocumentFormat
  let options: DocumentWriteOptions
  /// The keys and indices from the root to the value being written.
  var path: [String] = []

  init(format: DocumentFormat, options: DocumentWriteOptions) {
    self.format = format
    self.options = options
  }

  var converts: Bool { options.conversion == .writeAsStrings }

  /// An error about the value being written.
  func error(_ message: String) -> Diagnostic {
    let place = path.isEmpty ? "the root" : "'" + path.joined(separator: ".") + "'"
    return Diagnostic("cannot write \(place) as \(format.withArticle): \(message)")
  }

  /// The error for a value the format has no type for, with the way out when there is one.
  func unrepresentable(_ value: Value) -> Diagnostic {
    switch value {
    case .null: error("the format has no null")
    case .object(let reference): error("object references cannot be written (\(reference))")
    default:
      error(
        "the format has no \(value.type) values (write with conversion .writeAsStrings to "
          + "store them as text)")
    }
  }

  /// Enters a container; fails beyond the depth limit.
  func checkDepth() throws(Diagnostic) {
    if path.count >= options.maximumDepth {
      throw error("nesting is deeper than \(options.maximumDepth) levels")
    }
  }

  /// Checks a whole tree against the depth limit without recursion, for writers that flatten.
  func checkTree(_ value: Value) throws(Diagnostic) {
    var stack: [(Value, Int)] = [(value, 0)]
    while let (current, depth) = stack.popLast() {
      let children: [Value]
      switch current {
      case .array(let array): children = array
      case .dictionary(let dictionary): children = dictionary.values
      default: continue
      }
      if depth + 1 > options.maximumDepth {
        throw Diagnostic(
          "cannot write \(format.withArticle): nesting is deeper than "
            + "\(options.maximumDepth) levels")
      }
      for child in children { stack.append((child, depth + 1)) }
    }
  }

  /// A number, Boolean or date written as text.
  static func text(of value: Value) -> String? {
    switch value {
    case .bool(let bool): bool ? "YES" : "NO"
    case .int(let int): String(int)
    case .double(let double):
      double.isNaN ? "nan" : double.isInfinite ? (double < 0 ? "-inf" : "inf") : "\(double)"
    case .date(let date): DocumentDate.string(from: date)
    case .string(let string): string
    default: nil
    }
  }
}

extension DocumentFormat {
  /// The name with an article where English wants one: "JSON", "an XML property list".
  var withArticle: String {
    switch self {
    case .json, .csv, .tsv: "\(self)"
    case .xmlPlist, .openStepPlist: "an \(self)"
    case .binaryPlist: "a \(self)"
    }
  }
}
