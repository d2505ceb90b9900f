import Foundation
import Trellis

extension DescriptorLibrary {
  /// The files a descriptor's SQLite and document sources name that are not there, as
  /// errors located at their `file` settings: what rendering or serving it would refuse,
  /// found without opening anything (an SQLite source that is not inferred would be
  /// migrated by opening it).
  ///
  /// - Parameter file: the descriptor's file, whose folder relative files are in unless
  ///   ``sourceDirectory`` says otherwise.
  package func missingFiles(of descriptor: TableDescriptor, file: String?) -> [Diagnostic] {
    let directory =
      sourceDirectory
      ?? file.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
      ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let sources =
      descriptor.sections.compactMap(\.source)
      + [descriptor.singleObject?.sectionSource].compactMap { $0 }
    return sources.compactMap { section -> Diagnostic? in
      let request = ListSourceRequest(
        source: section.source, directory: directory, file: file, location: section.location,
        settingLocations: section.settingLocations)
      switch section.source {
      case .sqlite(let path, _, _, _, _):
        guard !FileManager.default.fileExists(atPath: request.url(ofFile: path).path) else {
          return nil
        }
        return request.error(
          "no SQLite file '\(path)' at \(request.url(ofFile: path).path)", at: "file")
      case .document(let path, _, _, _):
        guard !FileManager.default.fileExists(atPath: request.url(ofFile: path).path) else {
          return nil
        }
        return request.error(
          "no document '\(path)' at \(request.url(ofFile: path).path)", at: "file")
      case .webService, .postgres: return nil
      }
    }
  }
}
