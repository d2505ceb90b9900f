import Foundation
import GRDB
import Testing
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisTesting

/// Descriptors with sources, bound through a library that opens every kind.
enum SourceTestSupport {
  /// A fresh folder, removed by the caller.
  static func temporaryDirectory() throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-sources-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  /// Copies the fixture `name` (under `Tests/Fixtures/Sources`) into `directory`.
  static func copyFixture(_ name: String, to directory: URL) throws {
    try FileManager.default.copyItem(
      at: TestFixtures.url("Sources/\(name)"), to: directory.appendingPathComponent(name))
  }

  /// An SQLite file at `url` made by running `sql`.
  static func makeDatabase(at url: URL, sql: String) throws {
    let queue = try DatabaseQueue(path: url.path)
    try queue.write { db in try db.execute(sql: sql) }
  }

  /// The fixtures' `tasks.sqlite`, made from `tasks.sql` in `directory`, with `Tasks.json`.
  static func tasksFolder() throws -> URL {
    let directory = try temporaryDirectory()
    try copyFixture("Tasks.json", to: directory)
    let sql = try String(
      contentsOf: TestFixtures.url("Sources/tasks.sql"), encoding: .utf8)
    try makeDatabase(at: directory.appendingPathComponent("tasks.sqlite"), sql: sql)
    return directory
  }

  /// A library that opens SQLite, document and web-service sources.
  static var library: DescriptorLibrary {
    var library = DescriptorLibrary()
    library.registerStoreSources()
    return library
  }

  /// The descriptor in `text`, written to `file` in `directory` and read back.
  static func descriptor(_ text: String, named file: String = "T.json", in directory: URL)
    throws -> TableDescriptor
  {
    let url = directory.appendingPathComponent(file)
    try Data(text.utf8).write(to: url)
    return try TableDescriptor(data: Data(contentsOf: url), file: url.path)
  }

  /// The binding problems of `descriptor`, described with the file's name alone.
  static func problems(_ descriptor: TableDescriptor, library: DescriptorLibrary = library)
    -> [String]
  {
    let folder = URL(fileURLWithPath: descriptor.file ?? "").deletingLastPathComponent().path
    return descriptor.bind(root: DocumentObject([:]), library: library).diagnostics.map {
      $0.description.replacingOccurrences(of: folder + "/", with: "")
    }
  }

  /// An app showing `descriptor`.
  static func app(_ descriptor: TableDescriptor, library: DescriptorLibrary = library) throws
    -> HeadlessApp
  {
    HeadlessApp(
      navigator: try library.makeNavigator(showing: descriptor, root: DocumentObject([:])))
  }
}
