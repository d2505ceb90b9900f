import Foundation
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisSQL
import TrellisSQLite

/// Any SQLite file as screens, with no descriptor: the descriptors inferred from its schema
/// (``InferredDescriptors``), bound as a descriptor file's would be.
extension DescriptorFiles {
  /// Whether the file at `path` is an SQLite database (by its first 16 bytes).
  static func isSQLiteFile(_ path: String) -> Bool {
    guard let handle = FileHandle(forReadingAtPath: path) else { return false }
    defer { try? handle.close() }
    let header = (try? handle.read(upToCount: 16)) ?? Data()
    return header == Data("SQLite format 3\0".utf8)
  }

  /// The home screen inferred from the SQLite file at `path`, the library holding every
  /// table's list, and an empty root object; `nil`, with a diagnostic, when the file cannot be
  /// read.
  mutating func sqliteInputs(_ path: String, theme: String?) -> (
    descriptor: TableDescriptor, library: DescriptorLibrary, root: any KeyValueCoding
  )? {
    let schema: InferredSchema
    // Read-only as asked: the resolver of each list then takes this connection.
    do { schema = try SQLiteFileStores.shared(path: path, readOnly: readOnly).schema } catch {
      diagnostics.append(Diagnostic(error.reason, file: path))
      return nil
    }
    let absolute = URL(fileURLWithPath: path).standardizedFileURL.path
    let inferred = InferredDescriptors(
      schema: schema, file: absolute, title: (path as NSString).lastPathComponent,
      readOnly: readOnly)
    var (home, library, found) = inferred.library(classes: classes)
    diagnostics += found
    if let theme { library.theme = self.theme(theme) }
    guard let home, !hasErrors else { return nil }
    return (home, library, DocumentObject([:]))
  }
}
