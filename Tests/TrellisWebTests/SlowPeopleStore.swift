import Foundation
import Synchronization

@testable import TrellisWeb

/// A people store whose look-ups by name wait until the test releases them, counting how
/// many began: for sign-ins held in the middle of their check.
final class SlowPeopleStore: PeopleStore {
  private struct State {
    var lookups = 0
    var isReleased = false
    var waiting: [CheckedContinuation<Void, Never>] = []
  }

  private let people: any PeopleStore
  private let state = Mutex(State())

  init(_ people: any PeopleStore) { self.people = people }

  /// How many look-ups by name began.
  var lookups: Int { state.withLock { $0.lookups } }

  /// Whether `count` look-ups began within ten seconds.
  func waitForLookups(_ count: Int) async -> Bool {
    for _ in 0..<1000 {
      if lookups >= count { return true }
      try? await Task.sleep(for: .milliseconds(10))
    }
    return false
  }

  /// Lets every look-up, waiting or to come, go on.
  func release() {
    let waiting = state.withLock { state in
      state.isReleased = true
      defer { state.waiting = [] }
      return state.waiting
    }
    for continuation in waiting { continuation.resume() }
  }

  func record(named name: String) async throws -> PersonRecord? {
    await withCheckedContinuation { continuation in
      let goesOn = state.withLock { state in
        state.lookups += 1
        if !state.isReleased { state.waiting.append(continuation) }
        return state.isReleased
      }
      if goesOn { continuation.resume() }
    }
    return try await people.record(named: name)
  }

  func records() async throws -> [PersonRecord] { try await people.records() }
  func add(_ record: PersonRecord) async throws { try await people.add(record) }
  func remove(named name: String) async throws -> Bool { try await people.remove(named: name) }
  func setPasswordHash(_ hash: String, named name: String) async throws -> Bool {
    try await people.setPasswordHash(hash, named: name)
  }
  func setRoles(_ roles: Set<String>, named name: String) async throws -> Bool {
    try await people.setRoles(roles, named: name)
  }
  func addSession(_ session: SignInSessionRecord) async throws {
    try await people.addSession(session)
  }
  func person(session tokenHash: String, at now: Date) async throws -> Person? {
    try await people.person(session: tokenHash, at: now)
  }
  func removeSession(_ tokenHash: String) async throws { try await people.removeSession(tokenHash) }
  func removeSessions(expiredBefore now: Date) async throws {
    try await people.removeSessions(expiredBefore: now)
  }
}
