import Foundation
import GRDB
import Testing
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisSQL
import TrellisSQLite
import TrellisTesting

/// Any SQLite file as screens: the fixtures' databases made in a fresh folder, and the
/// screens inferred from them.
enum AnyDataSupport {
  /// The database `script` (under `Tests/Fixtures/AnyData`) makes, in a fresh folder, as
  /// `name`.
  static func database(_ script: String, named name: String) throws -> URL {
    let folder = try SourceTestSupport.temporaryDirectory()
    let sql = try String(contentsOf: TestFixtures.url("AnyData/\(script)"), encoding: .utf8)
    let url = folder.appendingPathComponent(name)
    // A dump's own BEGIN and COMMIT are the write's: the script runs in one transaction.
    let statements = sql.components(separatedBy: "\n").filter {
      !["BEGIN TRANSACTION;", "COMMIT;"].contains($0.trimmingCharacters(in: .whitespaces))
    }.joined(separator: "\n")
    // A dump inserts the rows of a table before those of the tables it points at.
    var configuration = Configuration()
    configuration.foreignKeysEnabled = false
    let queue = try DatabaseQueue(path: url.path, configuration: configuration)
    try queue.write { db in try db.execute(sql: statements) }
    return url
  }

  /// The shop fixture (`shop.sql`): every rule of the "Any Data" article.
  static func shop() throws -> URL { try database("shop.sql", named: "shop.sqlite") }

  /// The descriptors inferred from the file at `url`, bound in a library that opens them.
  static func library(_ url: URL, readOnly: Bool = false) throws -> (
    home: TableDescriptor, library: DescriptorLibrary
  ) {
    let schema = try SQLiteFileStores.shared(path: url.path, readOnly: readOnly).schema
    let inferred = InferredDescriptors(
      schema: schema, file: url.path, title: url.lastPathComponent, readOnly: readOnly)
    var library = SourceTestSupport.library
    let (home, diagnostics) = inferred.read(into: &library)
    #expect(diagnostics.filter { $0.severity == .error } == [])
    return (try #require(home), library)
  }

  /// An app showing the home screen inferred from the file at `url`.
  static func app(_ url: URL, readOnly: Bool = false) throws -> HeadlessApp {
    let (home, library) = try library(url, readOnly: readOnly)
    return try SourceTestSupport.app(home, library: library)
  }

  /// Runs `sql` on the file at `url`, as another program would.
  static func execute(_ sql: String, in url: URL) throws {
    let queue = try DatabaseQueue(path: url.path)
    try queue.write { db in try db.execute(sql: sql) }
  }

  /// One value of the file at `url`.
  static func value<T: DatabaseValueConvertible>(_ sql: String, in url: URL) throws -> T? {
    let queue = try DatabaseQueue(path: url.path)
    return try queue.read { db in try T.fetchOne(db, sql: sql) }
  }
}
