import Foundation
import GRDB
import Trellis

/// A ``PeopleStore`` in an SQLite file: the default.
///
/// The file holds two tables, `person` (name, roles, password hash) and `signInSession` (a
/// hash of each session's token, its person, when it was made and when it ends), and a
/// count of ended sessions that a trigger keeps, whichever program ends them. It is opened
/// in write-ahead-log mode, so several servers on one machine (or on a shared disk that
/// supports SQLite's locking) can share it: each sees the others' sign-ins at once.
///
/// ```swift
/// let people = try SQLitePeopleStore(path: "people.sqlite")
/// configuration.signIn = SignIn(people: people)
/// ```
public final class SQLitePeopleStore: PeopleStore {
  /// The file's path.
  public let path: String
  private let pool: DatabasePool

  /// Opens the people file at `path`, creating it and its tables when they are missing.
  public init(path: String) throws {
    self.path = path
    var configuration = Configuration()
    // Another server writing at the same moment is waited for, not refused.
    configuration.busyMode = .timeout(10)
    pool = try DatabasePool(path: path, configuration: configuration)
    try pool.write { db in
      try db.execute(
        sql: """
          CREATE TABLE IF NOT EXISTS person (
            name TEXT PRIMARY KEY NOT NULL,
            roles TEXT NOT NULL DEFAULT '',
            passwordHash TEXT NOT NULL);
          CREATE TABLE IF NOT EXISTS signInSession (
            tokenHash TEXT PRIMARY KEY NOT NULL,
            person TEXT NOT NULL REFERENCES person(name) ON DELETE CASCADE,
            created DOUBLE NOT NULL,
            expires DOUBLE NOT NULL);
          CREATE INDEX IF NOT EXISTS signInSessionPerson ON signInSession(person);
          CREATE TABLE IF NOT EXISTS signInSessionEndings (count INTEGER NOT NULL);
          INSERT INTO signInSessionEndings (count)
            SELECT 0 WHERE NOT EXISTS (SELECT 1 FROM signInSessionEndings);
          CREATE TRIGGER IF NOT EXISTS signInSessionEnded AFTER DELETE ON signInSession
            BEGIN UPDATE signInSessionEndings SET count = count + 1; END;
          """)
    }
  }

  public func record(named name: String) async throws -> PersonRecord? {
    try await pool.read { db in
      try GRDB.Row.fetchOne(
        db, sql: "SELECT * FROM person WHERE name = ? COLLATE NOCASE ORDER BY name = ? DESC",
        arguments: [name, name]
      ).map(Self.personRecord(from:))
    }
  }

  public func records() async throws -> [PersonRecord] {
    try await pool.read { db in
      try GRDB.Row.fetchAll(db, sql: "SELECT * FROM person ORDER BY name").map(
        Self.personRecord(from:))
    }
  }

  public func add(_ record: PersonRecord) async throws {
    let name = record.person.name
    let roles = Self.text(of: record.person.roles)
    let hash = record.passwordHash
    try await pool.write { db in
      // Names that differ only in case are one person's: people type them either way.
      let taken = try String.fetchOne(
        db, sql: "SELECT name FROM person WHERE name = ? COLLATE NOCASE", arguments: [name])
      if let taken { throw PeopleStoreError.personExists(taken) }
      try db.execute(
        sql: "INSERT INTO person (name, roles, passwordHash) VALUES (?, ?, ?)",
        arguments: [name, roles, hash])
    }
  }

  public func remove(named name: String) async throws -> Bool {
    try await pool.write { db in
      try db.execute(sql: "DELETE FROM signInSession WHERE person = ?", arguments: [name])
      try db.execute(sql: "DELETE FROM person WHERE name = ?", arguments: [name])
      return db.changesCount > 0
    }
  }

  public func setPasswordHash(_ hash: String, named name: String) async throws -> Bool {
    try await pool.write { db in
      try db.execute(
        sql: "UPDATE person SET passwordHash = ? WHERE name = ?", arguments: [hash, name])
      guard db.changesCount > 0 else { return false }
      try db.execute(sql: "DELETE FROM signInSession WHERE person = ?", arguments: [name])
      return true
    }
  }

  public func setRoles(_ roles: Set<String>, named name: String) async throws -> Bool {
    try await pool.write { db in
      try db.execute(
        sql: "UPDATE person SET roles = ? WHERE name = ?", arguments: [Self.text(of: roles), name])
      guard db.changesCount > 0 else { return false }
      try db.execute(sql: "DELETE FROM signInSession WHERE person = ?", arguments: [name])
      return true
    }
  }

  public func addSession(_ session: SignInSessionRecord) async throws {
    try await pool.write { db in
      try db.execute(
        sql: """
          INSERT INTO signInSession (tokenHash, person, created, expires) VALUES (?, ?, ?, ?)
          """,
        arguments: [
          session.tokenHash, session.person, session.created.timeIntervalSince1970,
          session.expires.timeIntervalSince1970,
        ])
      // Past the most a person keeps, their oldest ends (the trigger counts the ending).
      try db.execute(
        sql: """
          DELETE FROM signInSession WHERE person = ? AND tokenHash NOT IN (
            SELECT tokenHash FROM signInSession WHERE person = ?
            ORDER BY created DESC, rowid DESC LIMIT ?)
          """,
        arguments: [session.person, session.person, SignInSessionRecord.mostPerPerson])
    }
  }

  public func person(session tokenHash: String, at now: Date) async throws -> Person? {
    try await pool.read { db in
      try GRDB.Row.fetchOne(
        db,
        sql: """
          SELECT person.* FROM signInSession JOIN person ON person.name = signInSession.person
          WHERE signInSession.tokenHash = ? AND signInSession.expires > ?
          """,
        arguments: [tokenHash, now.timeIntervalSince1970]
      ).map { Self.personRecord(from: $0).person }
    }
  }

  public func removeSession(_ tokenHash: String) async throws {
    try await pool.write { db in
      try db.execute(sql: "DELETE FROM signInSession WHERE tokenHash = ?", arguments: [tokenHash])
    }
  }

  public func removeSessions(expiredBefore now: Date) async throws {
    try await pool.write { db in
      try db.execute(
        sql: "DELETE FROM signInSession WHERE expires <= ?",
        arguments: [now.timeIntervalSince1970])
    }
  }

  public func sessionEndings() async throws -> Int? {
    try await pool.read { db in
      try Int.fetchOne(db, sql: "SELECT count FROM signInSessionEndings")
    }
  }

  /// A person's roles as the `roles` column keeps them: sorted, comma-separated.
  static func text(of roles: Set<String>) -> String { roles.sorted().joined(separator: ",") }

  private static func personRecord(from row: GRDB.Row) -> PersonRecord {
    let roles = (row["roles"] as String? ?? "").split(separator: ",").map(String.init)
    return PersonRecord(
      person: Person(name: row["name"], roles: Set(roles)), passwordHash: row["passwordHash"])
  }
}
