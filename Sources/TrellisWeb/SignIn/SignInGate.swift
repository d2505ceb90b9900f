import Foundation
import HTTPTypes
import Logging
import NIOCore
import Trellis

/// What a server with sign-in asks of its people store: who a request's cookie signs in,
/// whether a name and password may sign in, and ending a session.
final class SignInGate: Sendable {
  let signIn: SignIn
  let throttle: SignInThrottle
  /// The pages open in each session, closed when it signs out here, and within about a
  /// second when it ends elsewhere (``SessionEndingWatch``).
  let openPages: OpenPages
  /// The hash an unknown name's password is checked against, so that it is refused as slowly
  /// as a wrong password: made on first need.
  private let dummyHash = Locked<String?>(nil)
  /// How many password checks are under way (``SignIn/maxChecksAtOnce``).
  private let checksUnderWay = Locked(0)

  init(_ signIn: SignIn) {
    self.signIn = signIn
    let watch = SessionEndingWatch(people: signIn.people, interval: signIn.sessionCheckInterval)
    self.openPages = OpenPages(firstOpened: { watch.start(for: $0) })
    self.throttle = SignInThrottle(
      limit: signIn.maxFailures, window: signIn.failureWindow,
      capacity: signIn.maxRememberedFailures)
  }

  /// The person the session cookie in `headers` signs in, when it names a session that has
  /// not ended; `nil` otherwise, or when the store cannot be read.
  func person(for headers: HTTPFields) async -> Person? {
    guard let token = SessionToken.token(in: headers) else { return nil }
    do {
      return try await signIn.people.person(session: SessionToken.hash(token), at: Date())
    } catch {
      WebServer.logger.error("The people store could not be read: \(error)")
      return nil
    }
  }

  /// What tells whether the session cookie in `headers` still signs in the same person: for
  /// an open page, whose person may sign out or be removed while it is open. A store that
  /// cannot be read says yes, so that a passing failure closes no one's page.
  func check(_ headers: HTTPFields) -> @Sendable () async -> Bool {
    let token = session(in: headers)
    let people = signIn.people
    return {
      guard let token else { return false }
      // A lookup that fails (the people's database busy with the write that removed someone,
      // say) is asked again a moment later, rather than at the next ping; one that keeps
      // failing leaves the page open.
      for attempt in 0..<5 {
        if attempt > 0 { try? await Task.sleep(for: .seconds(1)) }
        // Read as a result, not with `try?`, which would make "no such session" a failure.
        do {
          return try await people.person(session: token, at: Date()) != nil
        } catch {
          continue
        }
      }
      return true
    }
  }

  /// How a sign-in went.
  enum Outcome: Sendable {
    /// Signed in: the new session's token, for the cookie.
    case signedIn(Person, token: String)
    /// The name or the password is wrong.
    case refused
    /// Too many failures for the name or the address: not tried until then.
    case throttled(until: Date)
    /// As many password checks as the server allows are under way: not tried.
    case busy
  }

  /// Checks `password` for `name` from `client`, and starts a session when it is right.
  func signIn(name: String, password: String, client: ClientAddress) async throws -> Outcome {
    let keys = SignInThrottle.keys(name: name, client: client)
    // For the operator: the name as typed, quoted and cut, so that it cannot forge a line.
    let logged: Logger.Metadata = [
      "name": "\(String(name.prefix(64)).debugDescription)", "client": "\(client)",
    ]
    let most = max(signIn.maxChecksAtOnce, 1)
    let admitted = checksUnderWay.withLock { count in
      guard count < most else { return false }
      count += 1
      return true
    }
    guard admitted else {
      WebServer.logger.warning("Sign-in not checked: too many at once", metadata: logged)
      return .busy
    }
    defer { checksUnderWay.withLock { $0 -= 1 } }
    if let until = throttle.begin(keys) {
      WebServer.logger.warning("Sign-in throttled", metadata: logged)
      return .throttled(until: until)
    }
    // A check that throws ends as a failure: it cannot be retried faster by making it fail.
    var matched = false
    defer { throttle.finish(keys, failed: !matched) }
    let record = try await signIn.people.record(named: name)
    let hash: String
    if let record { hash = record.passwordHash } else { hash = try await dummy() }
    let matches = try await PasswordHasher.verify(password, hash: hash)
    guard matches, let record else {
      WebServer.logger.notice("Sign-in refused", metadata: logged)
      return .refused
    }
    matched = true
    let token = SessionToken.make()
    let now = Date()
    let lifetime = Double(signIn.sessionLifetime.components.seconds)
    try await signIn.people.removeSessions(expiredBefore: now)
    try await signIn.people.addSession(
      SignInSessionRecord(
        tokenHash: SessionToken.hash(token), person: record.person.name, created: now,
        expires: now.addingTimeInterval(lifetime)))
    return .signedIn(record.person, token: token)
  }

  /// Ends the session the cookie in `headers` names, and closes the pages open in it on this
  /// server (other servers close theirs within about a second, ``SessionEndingWatch``).
  func signOut(_ headers: HTTPFields) async {
    guard let token = SessionToken.token(in: headers) else { return }
    let hash = SessionToken.hash(token)
    do { try await signIn.people.removeSession(hash) } catch {
      WebServer.logger.error("The people store could not end a session: \(error)")
    }
    openPages.closeAll(session: hash)
  }

  /// The hash of the session token in `headers`, by which ``openPages`` lists a page.
  func session(in headers: HTTPFields) -> String? {
    SessionToken.token(in: headers).map(SessionToken.hash)
  }

  /// How long a session's cookie lasts, in seconds.
  var cookieLifetime: Int { Int(signIn.sessionLifetime.components.seconds) }

  private func dummy() async throws -> String {
    if let hash = dummyHash.withLock({ $0 }) { return hash }
    let hash = try await PasswordHasher.hash(Secret.make(bytes: 16), cost: signIn.bcryptCost)
    dummyHash.withLock { $0 = hash }
    return hash
  }
}
