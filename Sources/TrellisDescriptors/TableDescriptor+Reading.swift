import Foundation
import Trellis

extension TableDescriptor {
  /// Reads a descriptor from a parsed document, detecting its format unless `format` is given,
  /// and reports every problem found.
  ///
  /// Never fails: the result holds the descriptor only when no error was found.
  ///
  /// - Parameter classes: the app's own cell and section classes that the descriptor names.
  public static func read(
    _ document: LocatedDocument, format: DescriptorFormat? = nil,
    classes: DescriptorClasses = DescriptorClasses()
  ) -> DescriptorReadResult {
    let reading = DescriptorReading(document)
    guard let format = format ?? DescriptorFormat.detect(document.root) else {
      reading.error(
        "not a table descriptor: expected a Trellis descriptor (with 'schemaVersion'), an "
          + "RCSTableKit definition (with 'displaySections'), an RMSTableViews list of "
          + "sections or a Settings bundle page (with 'PreferenceSpecifiers')", at: "")
      return DescriptorReadResult(descriptor: nil, diagnostics: reading.diagnostics)
    }
    let descriptor: TableDescriptor? =
      switch format {
      case .canonical: CanonicalDescriptorReader(reading: reading).read()
      case .rcsTableKit: RCSTableKitReader(reading: reading, classes: classes).read()
      case .rmsTableViews: RMSTableViewsReader(reading: reading, classes: classes).read()
      case .settingsBundle: SettingsPaneReader(reading: reading).read()?.descriptor
      }
    return DescriptorReadResult(
      descriptor: reading.hasErrors ? nil : descriptor, diagnostics: reading.diagnostics)
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

  /// Loads a descriptor from a file or from the web.
  ///
  /// `file:` URLs are read directly; `http:` and `https:` URLs are fetched, failing after
  /// `timeout` seconds. Diagnostics name the URL's last path component.
  ///
  /// - Throws: ``DescriptorLoadError`` when the bytes cannot be had, or a ``DiagnosticList``.
  public static func load(from url: URL, timeout: TimeInterval = 10) async throws
    -> TableDescriptor
  {
    let data = try await DescriptorFetcher.data(from: url, timeout: timeout)
    let name = url.lastPathComponent.isEmpty ? url.absoluteString : url.lastPathComponent
    return try TableDescriptor(data: data, file: name)
  }
}
