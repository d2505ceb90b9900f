import Foundation
import TrellisValues

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
/// - CSV and TSV hold a list of dictionaries whose values are text, numbers, Booleans, dates
///   (as text) and null (an empty cell): no nesting.
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
      let bytes = try writer.write(value)
      guard options.lineBreak == .crlf else { return Data(bytes) }
      // Its strings escape line breaks, so every line feed written is one between lines.
      return Data(bytes.flatMap { $0 == 0x0A ? [0x0D, 0x0A] : [$0] })
    case .xmlPlist:
      var writer = XMLPlistDocumentWriter(context: context)
      return Data(try writer.write(value))
    case .openStepPlist:
      var writer = OpenStepDocumentWriter(context: context)
      return Data(try writer.write(value))
    case .csv, .tsv:
      return Data(try CSVDocumentWriter(context: context).write(value))
    case .binaryPlist:
      try context.checkTree(value)
      var writer = BinaryPlistWriter(context: context)
      return Data(try writer.write(value))
    }
  }
}

extension LocatedDocument {
  /// The bytes of this document's tree in its own format, separated values' lines ending as
  /// the file's did unless `options` say otherwise.
  public func encoded(options: DocumentWriteOptions = DocumentWriteOptions()) throws(Diagnostic)
    -> Data
  {
    try DocumentWriter.data(
      for: root, format: format,
      options: options.keeping(
        lineBreak: lineBreak, columns: columns, indentation: indentation,
        stringsFile: stringsFile))
  }
}
