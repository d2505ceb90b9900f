import Foundation
import Logging
import PostgresNIO
import Trellis
import TrellisPostgres
import TrellisWeb

/// A ``PeopleStore`` in a PostgreSQL database: for servers on several machines that share
/// their people and sign-ins.
///
/// It keeps two tables, `trellis_person` (name, roles, password hash) and
/// `trellis_sign_in_session` (a hash of each session's token, its person, when it was made and
/// when it ends), made when they are missing. Removing a person or changing their password
/// ends their sessions in the same statement.
///
/// ```swift
/// let people = try await PostgresPeopleStore(url: "postgres://trellis@db.example.com/app")
/// configuration.signIn = SignIn(people: people)
/// ```
public final class PostgresPeopleStore: PeopleStore {
  private let client: PostgresClient
  private let runner: Task<Void, Never>
  private let logger = Logger(label: "trellis.people", factory: { _ in SwiftLogNoOpLogHandler() })

  /// Connects to the database at `url` (`postgres://user:password@host:port/database`) and
  /// makes the tables when they are missing.
  public init(url: String) async throws {
    let client = PostgresClient(
      configuration: try PostgresAddress.configuration(from: url), backgroundLogger: logger)
    self.client = client
    self.runner = Task { await client.run() }
    try await client.query(
      """
      CREATE TABLE IF NOT EXISTS trellis_person (
        name TEXT PRIMARY KEY, roles TEXT NOT NULL DEFAULT '', password_hash TEXT NOT NULL)
      """, logger: logger)
    try await client.query(
      """
      CREATE TABLE IF NOT EXISTS trellis_sign_in_session (
        token_hash TEXT PRIMARY KEY,
        person TEXT NOT NULL REFERENCES trellis_person(name) ON DELETE CASCADE,
        created DOUBLE PRECISION NOT NULL, expires DOUBLE PRECISION NOT NULL)
      """, logger: logger)
  }

  deinit { runner.cancel() }

  /// Closes the connections; later calls fail.
  public func shutdown() { runner.cancel() }

  public func record(named name: String) async throws -> PersonRecord? {
    let rows = try await client.query(
      "SELECT name, roles, password_hash FROM trellis_person WHERE name = \(name)",
      logger: logger)
    for try await row in rows.decode((String, String, String).self) {
      return Self.record(row)
    }
    return nil
  }

  public func records() async throws -> [PersonRecord] {
    let rows = try await client.query(
      "SELECT name, roles, password_hash FROM trellis_person ORDER BY name", logger: logger)
    var records: [PersonRecord] = []
    for try await row in rows.decode((String, String, String).self) {
      records.append(Self.record(row))
    }
    return records
  }

  public func add(_ record: PersonRecord) async throws {
    let name = record.person.name
    let roles = record.person.roles.sorted().joined(separator: ",")
    let rows = try await client.query(
      """
      INSERT INTO trellis_person (name, roles, password_hash)
      VALUES (\(name), \(roles), \(record.passwordHash))
      ON CONFLICT (name) DO NOTHING RETURNING name
      """, logger: logger)
    for try await _ in rows.decode(String.self) { return }
    throw PeopleStoreError.personExists(name)
  }

  public func remove(named name: String) async throws -> Bool {
    let rows = try await client.query(
      "DELETE FROM trellis_person WHERE name = \(name) RETURNING name", logger: logger)
    for try await _ in rows.decode(String.self) { return true }
    return false
  }

  public func setPasswordHash(_ hash: String, named name: String) async throws -> Bool {
    let rows = try await client.query(
      """
      WITH changed AS (
        UPDATE trellis_person SET password_hash = \(hash) WHERE name = \(name) RETURNING name),
      ended AS (
        DELETE FROM trellis_sign_in_session WHERE person IN (SELECT name FROM changed))
      SELECT name FROM changed
      """, logger: logger)
    for try await _ in rows.decode(String.self) { return true }
    return false
  }

  public func addSession(_ session: SignInSessionRecord) async throws {
    try await client.query(
      """
      INSERT INTO trellis_sign_in_session (token_hash, person, created, expires)
      VALUES (\(session.tokenHash), \(session.person), \(session.created.timeIntervalSince1970),
        \(session.expires.timeIntervalSince1970))
      """, logger: logger)
  }

  public func person(session tokenHash: String, at now: Date) async throws -> Person? {
    let rows = try await client.query(
      """
      SELECT p.name, p.roles, p.password_hash FROM trellis_sign_in_session s
      JOIN trellis_person p ON p.name = s.person
      WHERE s.token_hash = \(tokenHash) AND s.expires > \(now.timeIntervalSince1970)
      """, logger: logger)
    for try await row in rows.decode((String, String, String).self) {
      return Self.record(row).person
    }
    return nil
  }

  public func removeSession(_ tokenHash: String) async throws {
    try await client.query(
      "DELETE FROM trellis_sign_in_session WHERE token_hash = \(tokenHash)", logger: logger)
  }

  public func removeSessions(expiredBefore now: Date) async throws {
    try await client.query(
      "DELETE FROM trellis_sign_in_session WHERE expires <= \(now.timeIntervalSince1970)",
      logger: logger)
  }

  private static func record(_ row: (String, String, String)) -> PersonRecord {
    let roles = row.1.split(separator: ",").map(String.init)
    return PersonRecord(person: Person(name: row.0, roles: Set(roles)), passwordHash: row.2)
  }
}
