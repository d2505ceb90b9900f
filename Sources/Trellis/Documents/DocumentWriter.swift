import Foundation

/// Writes a tree of values in one of the ``DocumentFormat``s, keeping dictionary key order.
///
/// The output is stable: the same tree always gives the same bytes. Reading it back with
/// ``LocatedDocument`` gives the same tree, except where ``DocumentWriteOptions/Conversion``
/// allowed a lossy conversion, and except that text formats write dates in whole seconds (the
/// precision of XML property lists; binary ones keep the exact date).
///
/// What each format cannot hold:
/// - JSON has no dates, data or non-finite numbers.
/// - Property lists have no null.
/// - OpenStep property lists have no numbers, Booleans or dates.
/// - No format holds object references.
///
/// By default such a value is an error naming its key path. With
/// ``DocumentWriteOptions/Conversion/writeAsStrings`` a value a format lacks is written as text
/// instead: Booleans as `YES`/`NO`, numbers in decimal (`12`, `1.5`, `nan`, `inf`, `-inf`),
/// dates as ISO 8601 (`2026-01-31T12:00:00Z`), data in JSON as base64. Null and object
/// references are errors either way.
public enum DocumentWriter {
  /// The bytes of `value` in `format`.
  ///
  /// - Throws: a ``Diagnostic`` naming the key path of the first value the format cannot hold.
  public static func data(
    for value: Value, format: DocumentFormat,
    options: DocumentWriteOptions = DocumentWriteOptions()
  ) throws(Diagnostic) -> Data {
    let context = DocumentWriteContext(format: format, options: options)
    switch format {
    case .json:
      var writer = JSONDocumentWriter(context: context)
      return Data(try writer.write(value))
    case .xmlPlist:
      var writer = XMLPlistDocumentWriter(context: context)
      return Data(try writer.write(value))
    case .openStepPlist:
      var writer = OpenStepDocumentWriter(context: context)
      return Data(try writer.write(value))
    case .binaryPlist:
      try context.checkTree(value)
      var writer = BinaryPlistWriter(context: context)
      return Data(try writer.write(value))
    }
  }
}

extension LocatedDocument {
  /// The bytes of this document's tree in its own format.
  public func encoded(options: DocumentWriteOptions = DocumentWriteOptions()) throws(Diagnostic)
    -> Data
  {
    try DocumentWriter.data(for: root, format: format, options: options)
  }
}

/// How ``DocumentWriter`` treats values a format cannot hold.
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

  /// Creates options. The defaults fail on anything lossy.
  public init(conversion: Conversion = .fail, maximumDepth: Int = 256) {
    self.conversion = conversion
    self.maximumDepth = maximumDepth
  }
}

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
    case .json: "JSON"
    case .xmlPlist, .openStepPlist: "an \(self)"
    case .binaryPlist: "a \(self)"
    }
  }
}
