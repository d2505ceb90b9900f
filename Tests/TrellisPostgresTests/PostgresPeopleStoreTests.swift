import Foundation
import Testing
import Trellis
import TrellisWeb
import TrellisWebPostgres

/// People and sign-in sessions in PostgreSQL, shared by every server given the database.
@Suite("PostgreSQL people", .timeLimit(.minutes(2)))
struct PostgresPeopleStoreTests {
  @Test func peopleAndSessionsAreSharedAndEndWithThePerson() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let first = try await PostgresPeopleStore(url: url)
    let second = try await PostgresPeopleStore(url: url)
    defer {
      first.shutdown()
      second.shutdown()
    }
    // Names of their own, so that runs and other tests never meet.
    let ann = "ann-\(UUID().uuidString.prefix(8))"
    try await first.add(
      PersonRecord(
        person: Trellis.Person(name: ann, roles: ["member", "admin"]), passwordHash: "h1"))
    await #expect(throws: PeopleStoreError.personExists(ann)) {
      try await second.add(
        PersonRecord(person: Trellis.Person(name: ann), passwordHash: "h2"))
    }
    // Names are one person's whatever their case.
    await #expect(throws: PeopleStoreError.personExists(ann)) {
      try await second.add(
        PersonRecord(person: Trellis.Person(name: ann.uppercased()), passwordHash: "h3"))
    }
    #expect(try await second.record(named: ann.uppercased())?.person.name == ann)
    let read = try await second.record(named: ann)
    #expect(read?.person.roles == ["member", "admin"])
    #expect(read?.passwordHash == "h1")
    #expect(try await second.records().contains { $0.person.name == ann })

    let now = Date()
    for (token, expires) in [("live", 3600.0), ("old", -1.0), ("other", 3600.0)] {
      try await first.addSession(
        SignInSessionRecord(
          tokenHash: "\(token)-\(ann)", person: ann, created: now,
          expires: now.addingTimeInterval(expires)))
    }
    #expect(try await second.person(session: "live-\(ann)", at: now)?.name == ann)
    #expect(try await second.person(session: "old-\(ann)", at: now) == nil)
    try await second.removeSession("other-\(ann)")
    #expect(try await first.person(session: "other-\(ann)", at: now) == nil)

    // A new password ends her sessions; removing her ends her and them.
    #expect(try await second.setPasswordHash("h3", named: ann))
    #expect(try await first.person(session: "live-\(ann)", at: now) == nil)
    #expect(try await first.record(named: ann)?.passwordHash == "h3")
    // New roles replace the old and end her sessions, as a new password does.
    try await first.addSession(
      SignInSessionRecord(
        tokenHash: "roles-\(ann)", person: ann, created: now, expires: now + 3600))
    #expect(try await second.setRoles(["editor"], named: ann))
    #expect(try await first.person(session: "roles-\(ann)", at: now) == nil)
    #expect(try await first.record(named: ann)?.person.roles == ["editor"])
    #expect(try await !first.setRoles(["editor"], named: "nobody-\(ann)"))
    try await first.addSession(
      SignInSessionRecord(
        tokenHash: "again-\(ann)", person: ann, created: now, expires: now + 3600))
    #expect(try await second.remove(named: ann))
    #expect(try await first.person(session: "again-\(ann)", at: now) == nil)
    #expect(try await first.record(named: ann) == nil)
    #expect(try await !first.remove(named: ann))
    #expect(try await !first.setPasswordHash("h4", named: ann))
  }

  @Test func everyEndedSessionMovesTheCountAnotherServerWatches() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let first = try await PostgresPeopleStore(url: url)
    let second = try await PostgresPeopleStore(url: url)
    defer {
      first.shutdown()
      second.shutdown()
    }
    let ann = "ann-\(UUID().uuidString.prefix(8))"
    try await first.add(
      PersonRecord(person: Trellis.Person(name: ann), passwordHash: "h1"))
    let now = Date()
    func session(_ token: String, expires: TimeInterval = 3600) async throws {
      try await first.addSession(
        SignInSessionRecord(
          tokenHash: "\(token)-\(ann)", person: ann, created: now,
          expires: now.addingTimeInterval(expires)))
    }
    /// Whether `end` moved the count the second server reads. Other tests' sessions may end
    /// meanwhile, so a move is what is asked, not its size.
    func moves(_ end: () async throws -> Void) async throws -> Bool {
      let before = try #require(try await second.sessionEndings())
      try await end()
      return try #require(try await second.sessionEndings()) > before
    }
    try await session("out")
    #expect(try await moves { try await first.removeSession("out-\(ann)") })
    try await session("password")
    #expect(try await moves { _ = try await first.setPasswordHash("h2", named: ann) })
    try await session("roles")
    #expect(try await moves { _ = try await first.setRoles(["admin"], named: ann) })
    try await session("old", expires: -10)
    #expect(try await moves { try await first.removeSessions(expiredBefore: now) })
    try await session("removed")
    #expect(try await moves { _ = try await first.remove(named: ann) })
  }

  /// One person keeps at most the newest sign-in sessions: the oldest end, on every server.
  @Test func onePersonKeepsAtMostTheNewestSessions() async throws {
    guard let url = PostgresTestSupport.url else { return }
    let first = try await PostgresPeopleStore(url: url)
    let second = try await PostgresPeopleStore(url: url)
    defer {
      first.shutdown()
      second.shutdown()
    }
    let ann = "ann-\(UUID().uuidString.prefix(8))"
    try await first.add(PersonRecord(person: Trellis.Person(name: ann), passwordHash: "h1"))
    let most = SignInSessionRecord.mostPerPerson
    let start = Date()
    let before = try #require(try await second.sessionEndings())
    for index in 0..<(most + 3) {
      let created = start + Double(index)
      try await first.addSession(
        SignInSessionRecord(
          tokenHash: "\(index)-\(ann)", person: ann, created: created, expires: created + 3600))
    }
    for index in 0..<3 {
      #expect(try await second.person(session: "\(index)-\(ann)", at: start) == nil)
    }
    #expect(try await second.person(session: "3-\(ann)", at: start)?.name == ann)
    #expect(try await second.person(session: "\(most + 2)-\(ann)", at: start)?.name == ann)
    #expect(try #require(try await second.sessionEndings()) >= before + 3)
  }
}
