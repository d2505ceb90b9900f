import Foundation
import GRDB
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisSQLite
import TrellisTesting

extension FuzzCatalog {
  /// The screens inferred from the "Any Data" fixture (`Tests/Fixtures/AnyData/shop.sql`),
  /// made afresh in a temporary file for every run: its tables, forms, selections, inverse
  /// lists, read-only lists and the refusals of its checks and keys.
  package static func anyData() -> [FuzzTarget] {
    [
      FuzzTarget("any-data/shop.sqlite", settleTimeout: .seconds(1), listsAlwaysLoad: true) {
        setup in
        let url = try setup.temporaryDirectory().appendingPathComponent("shop.sqlite")
        let sql = try String(contentsOf: TestFixtures.url("AnyData/shop.sql"), encoding: .utf8)
        let queue = try DatabaseQueue(path: url.path)
        try queue.write { db in try db.execute(sql: sql) }
        try queue.close()
        setup.atEnd { SQLiteFileStores.close(path: url.path) }
        let schema = try SQLiteFileStores.shared(path: url.path).schema
        let inferred = InferredDescriptors(
          schema: schema, file: url.path, title: "shop.sqlite", readOnly: false)
        let (home, library, found) = inferred.library()
        if let error = found.first(where: { $0.severity == .error }) { throw error }
        guard let home else { throw StoreError.notFound("no home screen") }
        return try library.makeNavigator(showing: home, root: DocumentObject([:]))
      }
    ]
  }
}
