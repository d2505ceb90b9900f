import Foundation
import Trellis

/// Where a server keeps the people who may sign in and their sign-in sessions.
///
/// Several servers given the same store share both: a person signed in on one is signed in on
/// all of them, and removing a person or changing their password ends their sessions
/// everywhere. Sessions are kept by a hash of their token only, so that whoever reads the
/// store cannot sign in with what they read. ``SQLitePeopleStore`` keeps them in a file.
public protocol PeopleStore: Sendable {
  /// The person named `name`, whatever its case (one named exactly so first), with their
  /// password hash; `nil` when there is none.
  func record(named name: String) async throws -> PersonRecord?
  /// Every person, by name.
  func records() async throws -> [PersonRecord]
  /// Adds a person; throws ``PeopleStoreError/personExists(_:)`` when the name is taken.
  func add(_ record: PersonRecord) async throws
  /// Removes the person named `name` and ends their sessions; false when there was none.
  func remove(named name: String) async throws -> Bool
  /// Changes a person's password hash and ends their sessions; false when there is none.
  func setPasswordHash(_ hash: String, named name: String) async throws -> Bool
  /// Changes a person's roles and ends their sessions, so that every page they have open
  /// is closed and their next sign-in has the new roles; false when there is none.
  func setRoles(_ roles: Set<String>, named name: String) async throws -> Bool
  /// Keeps a new sign-in session.
  func addSession(_ session: SignInSessionRecord) async throws
  /// The person whose session has the token hash `tokenHash`, when it has not expired by
  /// `now`.
  func person(session tokenHash: String, at now: Date) async throws -> Person?
  /// Ends the session with the token hash `tokenHash`.
  func removeSession(_ tokenHash: String) async throws
  /// Forgets the sessions that expired before `now`.
  func removeSessions(expiredBefore now: Date) async throws
  /// A count that moves whenever a session ends (a sign-out, a person removed, their password
  /// or roles changed, an expired session forgotten), whoever ended it: a server asks it often
  /// and looks at its open pages' sessions only when it moves. `nil` when the store cannot
  /// say, which leaves open pages to be checked at their pings.
  func sessionEndings() async throws -> Int?
}

extension PeopleStore {
  /// `nil`: a store that keeps no count leaves open pages to be checked at their pings.
  public func sessionEndings() async throws -> Int? { nil }
}

/// A person as a ``PeopleStore`` keeps them: name, roles and a bcrypt hash of their password.
public struct PersonRecord: Sendable, Hashable {
  /// The person: the name they sign in with, and their roles.
  public var person: Person
  /// The bcrypt hash of their password.
  public var passwordHash: String

  /// Creates a record.
  public init(person: Person, passwordHash: String) {
    self.person = person
    self.passwordHash = passwordHash
  }
}

/// A sign-in session as a ``PeopleStore`` keeps it: only a hash of its token.
public struct SignInSessionRecord: Sendable, Hashable {
  /// The most sign-in sessions one person keeps: a new one past it ends their oldest (that
  /// device signs in again), so that signing in over and over cannot fill the store.
  public static let mostPerPerson = 50

  /// The SHA-256 hash of the session's token, in hexadecimal.
  public var tokenHash: String
  /// The name of the person signed in.
  public var person: String
  /// When the person signed in.
  public var created: Date
  /// When the session ends.
  public var expires: Date

  /// Creates a session record.
  public init(tokenHash: String, person: String, created: Date, expires: Date) {
    self.tokenHash = tokenHash
    self.person = person
    self.created = created
    self.expires = expires
  }
}

/// Why a ``PeopleStore`` refused a change.
public enum PeopleStoreError: Error, Hashable, Sendable, CustomStringConvertible {
  /// A person with the name, whatever its case, exists already.
  case personExists(String)

  public var description: String {
    switch self {
    case .personExists(let name): "there is already a person named '\(name)'"
    }
  }
}
