import Foundation
import Trellis

/// Opens the store one kind of ``ListSource`` names, registered in
/// ``DescriptorLibrary/sources``.
///
/// It throws located diagnostics (``ListSourceRequest/error(_:at:)``): a file that is not
/// there, a table the file lacks, a setting the store refuses.
public typealias ListSourceResolver =
  @Sendable (ListSourceRequest) throws(DiagnosticList) -> ListSourceStore

/// What a ``ListSourceResolver`` is asked to open: the source, the folder its files are
/// relative to, and where the descriptor writes it.
public struct ListSourceRequest: Sendable {
  /// The source to open.
  public let source: ListSource
  /// The folder a relative file is in: the descriptor's.
  public let directory: URL
  /// The descriptor's file, for diagnostics.
  public let file: String?
  /// Where the source is written.
  public let location: SourceLocation?
  /// Where each of its settings is written, by name.
  public let settingLocations: [String: SourceLocation]

  /// Creates a request.
  public init(
    source: ListSource, directory: URL, file: String? = nil, location: SourceLocation? = nil,
    settingLocations: [String: SourceLocation] = [:]
  ) {
    self.source = source
    self.directory = directory
    self.file = file
    self.location = location
    self.settingLocations = settingLocations
  }

  /// An error about the setting `setting` (the source itself when `nil`, or when the
  /// descriptor does not write that setting), located in the descriptor.
  public func error(_ message: String, at setting: String? = nil) -> Diagnostic {
    let place = setting.flatMap { settingLocations[$0] } ?? location
    return Diagnostic(message, at: place?.inFile(file), file: file)
  }

  /// The URL of `path`, relative to ``directory`` unless it is absolute.
  public func url(ofFile path: String) -> URL {
    if path.hasPrefix("/") { return URL(fileURLWithPath: path) }
    return directory.appendingPathComponent(path)
  }
}
