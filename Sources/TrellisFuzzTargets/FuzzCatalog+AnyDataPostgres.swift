import Foundation
import PostgresNIO
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisPostgres
import TrellisTesting

extension FuzzCatalog {
  /// The screens inferred from the PostgreSQL "Any Data" fixture
  /// (`Tests/Fixtures/AnyData/shop-postgres.sql`), in a fresh database on the test cluster
  /// for every run, dropped when it ends; none without a cluster (`TRELLIS_POSTGRES_URL`).
  package static func anyDataPostgres() -> [FuzzTarget] {
    guard let cluster = ProcessInfo.processInfo.environment["TRELLIS_POSTGRES_URL"],
      !cluster.isEmpty
    else { return [] }
    return [
      FuzzTarget("any-data/shop-postgres", settleTimeout: .seconds(2)) { setup in
        let name = "fuzz_" + UUID().uuidString.prefix(8).lowercased()
        let base = cluster.split(separator: "/", omittingEmptySubsequences: false).dropLast()
        let url = base.joined(separator: "/") + "/" + name
        let script = try String(
          contentsOf: TestFixtures.url("AnyData/shop-postgres.sql"), encoding: .utf8)
        let database = try BlockingWait.run {
          try await execute(["CREATE DATABASE \(name)"], url: cluster)
          try await execute(statements(script), url: url)
          return try await PostgresDatabase.shared(url: url, pollInterval: .milliseconds(250))
        }
        setup.atEnd {
          PostgresDatabase.close(url: url)
          _ = try? BlockingWait.run {
            try await execute(["DROP DATABASE IF EXISTS \(name) WITH (FORCE)"], url: cluster)
          }
        }
        let inferred = InferredDescriptors(
          schema: database.schema, origin: .postgres(url: url), title: "shop", readOnly: false)
        let (home, library, found) = inferred.library()
        if let error = found.first(where: { $0.severity == .error }) { throw error }
        guard let home else { throw StoreError.notFound("no home screen") }
        return try library.makeNavigator(showing: home, root: DocumentObject([:]))
      }
    ]
  }

  /// The statements of a script whose statements end with `;` at the end of a line, without
  /// its comment lines.
  static func statements(_ script: String) -> [String] {
    let lines = script.split(separator: "\n", omittingEmptySubsequences: false)
      .filter { !$0.hasPrefix("--") }
    return lines.joined(separator: "\n").components(separatedBy: ";\n")
      .map { $0.trimmingCharacters(in: .whitespacesAndNewlines) }.filter { !$0.isEmpty }
  }

  /// Runs `statements` one by one on one connection to `url`.
  static func execute(_ statements: [String], url: String) async throws {
    try await PostgresTriggerInstaller.run(url: url, timeout: .seconds(30)) { connection, logger in
      for statement in statements {
        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
      }
    }
  }
}
