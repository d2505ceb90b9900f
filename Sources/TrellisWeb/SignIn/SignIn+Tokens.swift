import Foundation
import Trellis

extension SignIn {
  /// Starts a session for `name` that a program presents instead of a cookie, as
  /// `Authorization: Bearer TOKEN`: a script, another server, or an app's web-service list
  /// reading the server's own API. The person is added, with `roles` and no password (nobody
  /// signs in as them through the form), when the store does not know them. Removing the
  /// person revokes the token.
  public func issueToken(for name: String, roles: Set<String> = [], lifetime: Duration)
    async throws -> String
  {
    // The name as stored, whatever case it was given in.
    var name = name
    if let stored = try await people.record(named: name) {
      name = stored.person.name
    } else {
      // Not a bcrypt hash: no password matches it.
      try await people.add(
        PersonRecord(person: Person(name: name, roles: roles), passwordHash: "!"))
    }
    let token = SessionToken.make()
    let now = Date()
    let seconds = Double(lifetime.components.seconds)
    try await people.addSession(
      SignInSessionRecord(
        tokenHash: SessionToken.hash(token), person: name, created: now,
        expires: now.addingTimeInterval(seconds)))
    return token
  }

  /// Ends the session of `token`, one ``issueToken(for:roles:lifetime:)`` started: a server
  /// that made a token for its own use ends it when it stops, so that sessions do not pile up
  /// in the people file.
  public func revokeToken(_ token: String) async throws {
    try await people.removeSession(SessionToken.hash(token))
  }
}
