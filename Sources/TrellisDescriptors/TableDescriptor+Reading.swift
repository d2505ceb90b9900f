import Foundation
import Trellis

extension TableDescriptor {
  /// Reads a descriptor from a parsed document, detecting its format unless `format` is given,
  /// and reports every problem found.
  ///
  /// Never fails: the result holds the descriptor only when no error was found. A list of
  /// records none of which has a section's keys is data, and an error says so, unless
  /// `format` asks for it to be read as RMSTableViews sections.
  ///
  /// - Parameter classes: the app's own cell and section classes that the descriptor names.
  public static func read(
    _ document: LocatedDocument, format: DescriptorFormat? = nil,
    classes: DescriptorClasses = DescriptorClasses()
  ) -> DescriptorReadResult {
    let reading = DescriptorReading(document)
    guard let detected = format ?? DescriptorFormat.detect(document.root) else {
      return notADescriptor(reading, found: "expected")
    }
    let descriptor: TableDescriptor? =
      switch detected {
      case .canonical: CanonicalDescriptorReader(reading: reading).read()
      case .rcsTableKit: RCSTableKitReader(reading: reading, classes: classes).read()
      case .rmsTableViews: RMSTableViewsReader(reading: reading, classes: classes).read()
      case .settingsBundle: SettingsPaneReader(reading: reading).read()?.descriptor
      }
    // A list of records reads as sections whose every key is left to the app: it is data. A
    // key that is a section's misspelt is an error of its own, and stays the one reported.
    if format == nil, detected == .rmsTableViews, !reading.hasErrors,
      DescriptorFormat.isListOfRecords(document.root)
    {
      let found =
        document.root.arrayValue?.isEmpty == true
        ? "an empty list"
        : "a list of records, none with a section's 'rows', 'className' or "
          + "'properties'"
      return notADescriptor(DescriptorReading(document), found: found + "; expected")
    }
    return DescriptorReadResult(
      descriptor: reading.hasErrors ? nil : descriptor, diagnostics: reading.diagnostics)
  }

  /// The error of a document that is no descriptor: what was `found`, then what is read.
  private static func notADescriptor(_ reading: DescriptorReading, found: String)
    -> DescriptorReadResult
  {
    reading.error(
      "not a table descriptor: \(found) a Trellis descriptor (with 'schemaVersion'), an "
        + "RCSTableKit definition (with 'displaySections'), an RMSTableViews list of sections "
        + "or a Settings bundle page (with 'PreferenceSpecifiers')", at: "")
    return DescriptorReadResult(descriptor: nil, diagnostics: reading.diagnostics)
  }

  /// Parses and reads descriptor bytes (JSON or any property list format).
  ///
  /// - Parameters:
  ///   - file: the name used in diagnostics; its extension hints the document format.
  ///   - classes: the app's own cell and section classes that the descriptor names.
  public static func read(
    data: Data, file: String? = nil, format: DescriptorFormat? = nil,
    classes: DescriptorClasses = DescriptorClasses()
  ) -> DescriptorReadResult {
    do {
      let document = try LocatedDocument(data: data, file: file)
      return read(document, format: format, classes: classes)
    } catch {
      return DescriptorReadResult(descriptor: nil, diagnostics: [error])
    }
  }

  /// Reads a descriptor, throwing every diagnostic (warnings included) if there is any error.
  public init(
    data: Data, file: String? = nil, format: DescriptorFormat? = nil,
    classes: DescriptorClasses = DescriptorClasses()
  ) throws(DiagnosticList) {
    let result = Self.read(data: data, file: file, format: format, classes: classes)
    guard let descriptor = result.descriptor else { throw DiagnosticList(result.diagnostics) }
    self = descriptor
  }

  /// Reads a descriptor from a parsed document; see ``init(data:file:format:classes:)``.
  public init(
    document: LocatedDocument, format: DescriptorFormat? = nil,
    classes: DescriptorClasses = DescriptorClasses()
  ) throws(DiagnosticList) {
    let result = Self.read(document, format: format, classes: classes)
    guard let descriptor = result.descriptor else { throw DiagnosticList(result.diagnostics) }
    self = descriptor
  }

  /// Loads a descriptor from a file URL; diagnostics name the file's last path component.
  ///
  /// Only `file:` URLs are read. The library links no HTTP client, so that an app carries
  /// only the networking it chooses: an app fetches a descriptor's bytes its own way (with
  /// a timeout and a size limit of its choosing) and reads them with
  /// ``init(data:file:format:classes:)``, naming the address as the file. The `trellis`
  /// commands fetch `http:` and `https:` descriptors that way.
  ///
  /// - Throws: ``DescriptorLoadError`` when the URL is not a file's or the file cannot be
  ///   read, or a ``DiagnosticList``.
  public static func load(from url: URL) throws -> TableDescriptor {
    guard url.isFileURL else {
      throw DescriptorLoadError.unsupportedScheme(url: url.absoluteString)
    }
    let data: Data
    do { data = try Data(contentsOf: url) } catch {
      throw DescriptorLoadError.unreadable(
        url: url.absoluteString, reason: error.localizedDescription)
    }
    let name = url.lastPathComponent.isEmpty ? url.absoluteString : url.lastPathComponent
    return try TableDescriptor(data: data, file: name)
  }
}
