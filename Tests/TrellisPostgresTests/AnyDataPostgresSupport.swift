import Foundation
import Logging
import PostgresNIO
import Testing
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisPostgres
import TrellisTesting

/// Fresh databases filled by the "Any Data" fixtures, and SQL run as another program would.
enum AnyDataPostgres {
  /// A new database on the test cluster holding the fixture `AnyData/<fixture>`, its address;
  /// `nil` without a cluster.
  static func database(_ fixture: String) async throws -> String? {
    guard let cluster = PostgresTestSupport.url else { return nil }
    let name = "anydata_" + UUID().uuidString.prefix(8).lowercased()
    try await run(cluster, ["CREATE DATABASE \(name)"])
    let base = cluster.split(separator: "/", omittingEmptySubsequences: false).dropLast()
    let url = base.joined(separator: "/") + "/" + name
    let text = try String(contentsOf: TestFixtures.url("AnyData/\(fixture)"), encoding: .utf8)
    try await run(url, statements(text))
    return url
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
  static func run(_ url: String, _ statements: [String]) async throws {
    try await withConnection(url) { connection in
      for statement in statements {
        try await connection.query(PostgresQuery(unsafeSQL: statement), logger: logger)
      }
    }
  }

  /// The first column of every row `sql` selects, as text.
  static func texts(_ url: String, _ sql: String) async throws -> [String?] {
    try await withConnection(url) { connection in
      var result: [String?] = []
      for try await text in try await connection.query(
        PostgresQuery(unsafeSQL: sql), logger: logger
      )
      .decode(String?.self) {
        result.append(text)
      }
      return result
    }
  }

  static let logger = Logger(label: "any-data-tests")

  private static func withConnection<T: Sendable>(
    _ url: String, _ work: (PostgresConnection) async throws -> T
  ) async throws -> T {
    let connection = try await PostgresConnection.connect(
      configuration: try PostgresAddress.connectionConfiguration(from: url), id: 1,
      logger: logger)
    do {
      let result = try await work(connection)
      try await connection.close()
      return result
    } catch {
      try? await connection.close()
      throw error
    }
  }

  /// The value of `key` on `item`, an object of `definition`.
  static func value(_ item: Value, _ key: String, _ definition: DataDefinition) throws -> Value {
    let object = try #require(item.objectValue)
    let kvc = try #require(definition.keyValueCoding(for: object))
    return try kvc.value(forKey: key)
  }

  /// The item of `store`'s first page whose `key` holds `text`.
  static func item(_ store: PostgresStore, _ key: String, _ text: String) async throws -> Value {
    let items = try await store.fetchPage(FetchOptions(), from: nil).items
    return try #require(
      items.first { (try? value($0, key, store.entity.definition)) == .string(text) })
  }

  /// The app `trellis serve URL` shows over the database at `url`, its changes polled every
  /// 50 ms, at its home screen; close the database with `PostgresDatabase.close(url:)`.
  static func app(_ url: String) async throws -> HeadlessApp {
    let database = try await PostgresDatabase.shared(url: url, pollInterval: .milliseconds(50))
    let inferred = InferredDescriptors(
      schema: database.schema, origin: .postgres(url: url), title: "shop", readOnly: false)
    let (home, library, _) = inferred.library()
    return HeadlessApp(
      navigator: try library.makeNavigator(showing: try #require(home), root: DocumentObject([:])))
  }

  /// Opens `table`'s list from the home screen of `app`, then the form of its row `row`.
  static func open(_ table: String, _ row: String, in app: HeadlessApp) async throws {
    try await app.settle()
    try app.tap(table)
    try await app.settle(until: { app.row(row) != nil }, timeout: .seconds(10))
    try app.tap(row)
    try await app.settle()
  }
}
