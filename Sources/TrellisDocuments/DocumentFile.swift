import Foundation
import TrellisValues

/// A document file: read with its format detected, saved back atomically in the same format.
///
/// Saving encodes first, so a value the format cannot hold fails before the disk is touched.
/// The bytes then go to a temporary file beside the original, which is renamed over it: a
/// failed save leaves the original byte for byte unchanged, and no reader ever sees half a file.
///
/// ```swift
/// var file = try DocumentFile(contentsOf: url)          // OpenStep, say
/// var root = file.root
/// root = ...                                             // edit the tree
/// try file.save(root, options: .init(conversion: .writeAsStrings))
/// ```
public struct DocumentFile: Sendable {
  /// Where the file is.
  public let url: URL
  /// The parsed document as last read or saved, with its locations.
  public private(set) var document: LocatedDocument
  /// How saves reach the disk.
  var writer = AtomicFileWriter()

  /// The file's format; saves keep it.
  public var format: DocumentFormat { document.format }
  /// The tree of values.
  public var root: Value { document.root }

  /// Reads the file at `url`, detecting its format unless `format` is given.
  ///
  /// - Throws: a ``Diagnostic`` naming the file, located at the problem for text formats.
  public init(
    contentsOf url: URL, format: DocumentFormat? = nil,
    options: DocumentReadOptions = DocumentReadOptions()
  ) throws(Diagnostic) {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw Diagnostic("cannot read the file: \(Self.reason(error))", file: url.path)
    }
    self.url = url
    document = try LocatedDocument(data: data, format: format, file: url.path, options: options)
  }

  /// Creates a new file at `url` holding `root` in `format` (replacing any file there).
  public static func create(
    at url: URL, root: Value, format: DocumentFormat,
    options: DocumentWriteOptions = DocumentWriteOptions()
  ) throws(Diagnostic) -> DocumentFile {
    var file = DocumentFile(
      url: url, document: LocatedDocument(root: root, format: format, file: url.path))
    try file.save(root, options: options)
    return file
  }

  init(url: URL, document: LocatedDocument, writer: AtomicFileWriter = AtomicFileWriter()) {
    self.url = url
    self.document = document
    self.writer = writer
  }

  /// Writes `root` to the file in its format, atomically, and makes it the current document.
  ///
  /// - Throws: a ``Diagnostic`` when the format cannot hold a value (naming its key path) or the
  ///   disk refuses; either way the file on disk is unchanged.
  public mutating func save(
    _ root: Value, options: DocumentWriteOptions = DocumentWriteOptions()
  ) throws(Diagnostic) {
    let data: Data
    do {
      data = try DocumentWriter.data(for: root, format: format, options: options)
    } catch {
      throw error.inFile(url.path)
    }
    try writer.write(data, to: url)
    let readOptions = DocumentReadOptions(maximumDepth: options.maximumDepth)
    if let reread = try? LocatedDocument(
      data: data, format: format, file: url.path, options: readOptions)
    {
      document = reread
    } else {
      document = LocatedDocument(root: root, format: format, file: url.path)
    }
  }

  /// Reads the file again from disk, keeping its format.
  public mutating func reload(options: DocumentReadOptions = DocumentReadOptions())
    throws(Diagnostic)
  {
    let reread = try DocumentFile(contentsOf: url, format: format, options: options)
    document = reread.document
  }

  private static func reason(_ error: any Error) -> String {
    (error as NSError).localizedDescription
  }
}
