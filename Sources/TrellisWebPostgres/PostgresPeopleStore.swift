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
/// when it ends), and a count of ended sessions (`trellis_sign_in_session_endings`), made
/// when they are missing. Removing a person or changing their password or
/// roles ends their sessions in the same statement.
///
/// ```swift
/// let people = try await PostgresPeopleStore(url: "postgres://trellis@db.example.com/app")
/// configuration.signIn = SignIn(people: people)
/// ```
public final class PostgresPeopleStore: PeopleStore {
  private let client: PostgresClient
  private let runner: Task<Void, Never>
  private let logger = Logger(label: "trellis.people", factory: { _ in SwiftLogNoOpLogHandler() })
  /// How long a call waits for the server before it fails.
  private let timeout: Duration

  /// Connects to the database at `url` (`postgres://user:password@host:port/database`) and
  /// makes the tables when they are missing; a call fails when the server has not answered
  /// within `timeout`.
  public init(url: String, timeout: Duration = .seconds(10)) async throws {
    let client = PostgresClient(
      configuration: try PostgresAddress.configuration(from: url), backgroundLogger: logger)
    self.client = client
    self.timeout = timeout
    self.runner = Task { await client.run() }
    try await run(
      """
      CREATE TABLE IF NOT EXISTS trellis_person (
        name TEXT PRIMARY KEY, roles TEXT NOT NULL DEFAULT '', password_hash TEXT NOT NULL)
      """)
    try await run(
      """
      CREATE TABLE IF NOT EXISTS trellis_sign_in_session (
        token_hash TEXT PRIMARY KEY,
        person TEXT NOT NULL REFERENCES trellis_person(name) ON DELETE CASCADE,
        created DOUBLE PRECISION NOT NULL, expires DOUBLE PRECISION NOT NULL)
      """)
    try await run(
      """
      CREATE TABLE IF NOT EXISTS trellis_sign_in_session_endings (
        id INTEGER PRIMARY KEY CHECK (id = 1), count BIGINT NOT NULL)
      """)
    try await run(
      """
      INSERT INTO trellis_sign_in_session_endings (id, count) VALUES (1, 0)
      ON CONFLICT (id) DO NOTHING
      """)
  }

  deinit { runner.cancel() }

  /// Closes the connections; later calls fail.
  public func shutdown() { runner.cancel() }

  public func record(named name: String) async throws -> PersonRecord? {
    let rows = try await self.rows(
      """
      SELECT name, roles, password_hash FROM trellis_person
      WHERE lower(name) = lower(\(name)) ORDER BY name = \(name) DESC LIMIT 1
      """)
    return try rows.first.map { Self.record(try $0.decode((String, String, String).self)) }
  }

  public func records() async throws -> [PersonRecord] {
    let rows = try await self.rows(
      "SELECT name, roles, password_hash FROM trellis_person ORDER BY name")
    return try rows.map { Self.record(try $0.decode((String, String, String).self)) }
  }

  public func add(_ record: PersonRecord) async throws {
    let name = record.person.name
    let roles = record.person.roles.sorted().joined(separator: ",")
    // Names that differ only in case are one person's: people type them either way.
    let rows = try await self.rows(
      """
      INSERT INTO trellis_person (name, roles, password_hash)
      SELECT \(name), \(roles), \(record.passwordHash)
      WHERE NOT EXISTS (SELECT 1 FROM trellis_person WHERE lower(name) = lower(\(name)))
      ON CONFLICT (name) DO NOTHING RETURNING name
      """)
    guard rows.isEmpty else { return }
    let taken = try await self.rows(
      "SELECT name FROM trellis_person WHERE lower(name) = lower(\(name))")
    throw PeopleStoreError.personExists(
      taken.first.flatMap { try? $0.decode(String.self) } ?? name)
  }

  public func remove(named name: String) async throws -> Bool {
    let rows = try await self.rows(
      """
      WITH removed AS (DELETE FROM trellis_person WHERE name = \(name) RETURNING name),
      counted AS (\(unescaped: Self.countEnding) WHERE EXISTS (SELECT 1 FROM removed))
      SELECT name FROM removed
      """)
    return !rows.isEmpty
  }

  public func setPasswordHash(_ hash: String, named name: String) async throws -> Bool {
    let rows = try await self.rows(
      """
      WITH changed AS (
        UPDATE trellis_person SET password_hash = \(hash) WHERE name = \(name) RETURNING name),
      ended AS (
        DELETE FROM trellis_sign_in_session WHERE person IN (SELECT name FROM changed)
        RETURNING 1),
      counted AS (\(unescaped: Self.countEnding) WHERE EXISTS (SELECT 1 FROM ended))
      SELECT name FROM changed
      """)
    return !rows.isEmpty
  }

  public func setRoles(_ roles: Set<String>, named name: String) async throws -> Bool {
    let text = roles.sorted().joined(separator: ",")
    let rows = try await self.rows(
      """
      WITH changed AS (
        UPDATE trellis_person SET roles = \(text) WHERE name = \(name) RETURNING name),
      ended AS (
        DELETE FROM trellis_sign_in_session WHERE person IN (SELECT name FROM changed)
        RETURNING 1),
      counted AS (\(unescaped: Self.countEnding) WHERE EXISTS (SELECT 1 FROM ended))
      SELECT name FROM changed
      """)
    return !rows.isEmpty
  }

  public func addSession(_ session: SignInSessionRecord) async throws {
    try await run(
      """
      INSERT INTO trellis_sign_in_session (token_hash, person, created, expires)
      VALUES (\(session.tokenHash), \(session.person), \(session.created.timeIntervalSince1970),
        \(session.expires.timeIntervalSince1970))
      """)
    // Past the most a person keeps, their oldest ends, counted as every ending is.
    try await run(
      """
      WITH ended AS (
        DELETE FROM trellis_sign_in_session WHERE person = \(session.person)
          AND token_hash NOT IN (
            SELECT token_hash FROM trellis_sign_in_session WHERE person = \(session.person)
            ORDER BY created DESC, token_hash DESC LIMIT \(SignInSessionRecord.mostPerPerson))
        RETURNING 1)
      \(unescaped: Self.countEnding) WHERE EXISTS (SELECT 1 FROM ended)
      """)
  }

  public func person(session tokenHash: String, at now: Date) async throws -> Person? {
    let rows = try await self.rows(
      """
      SELECT p.name, p.roles, p.password_hash FROM trellis_sign_in_session s
      JOIN trellis_person p ON p.name = s.person
      WHERE s.token_hash = \(tokenHash) AND s.expires > \(now.timeIntervalSince1970)
      """)
    return try rows.first.map {
      Self.record(try $0.decode((String, String, String).self)).person
    }
  }

  public func removeSession(_ tokenHash: String) async throws {
    try await run(
      """
      WITH ended AS (
        DELETE FROM trellis_sign_in_session WHERE token_hash = \(tokenHash) RETURNING 1)
      \(unescaped: Self.countEnding) WHERE EXISTS (SELECT 1 FROM ended)
      """)
  }

  public func removeSessions(expiredBefore now: Date) async throws {
    try await run(
      """
      WITH ended AS (
        DELETE FROM trellis_sign_in_session WHERE expires <= \(now.timeIntervalSince1970)
        RETURNING 1)
      \(unescaped: Self.countEnding) WHERE EXISTS (SELECT 1 FROM ended)
      """)
  }

  public func sessionEndings() async throws -> Int? {
    let rows = try await self.rows("SELECT count FROM trellis_sign_in_session_endings")
    return try rows.first.map { Int(try $0.decode(Int64.self)) }
  }

  /// The statement that counts ended sessions, for the statements that end them to run with
  /// a condition of their own (`WHERE EXISTS …`).
  private static let countEnding =
    "UPDATE trellis_sign_in_session_endings SET count = count + 1"

  /// Runs `query` on an open connection within the timeout.
  private func run(_ query: PostgresQuery) async throws {
    _ = try await rows(query)
  }

  /// The rows `query` answers, read on an open connection within the timeout.
  private func rows(_ query: PostgresQuery) async throws -> [PostgresRow] {
    try await client.withOpenConnection(within: timeout) { [logger] connection in
      try await connection.query(query, logger: logger).collect()
    }
  }

  private static func record(_ row: (String, String, String)) -> PersonRecord {
    let roles = row.1.split(separator: ",").map(String.init)
    return PersonRecord(person: Person(name: row.0, roles: Set(roles)), passwordHash: row.2)
  }
}
