import Foundation

/// How a ``WebServer`` signs people in: who may, and how long they stay signed in.
///
/// With sign-in configured, every page, the WebSocket and the apps' APIs need a session
/// cookie, which `/sign-in` gives for a name and password the ``people`` store knows. Each
/// session's navigator then carries the person and the app's ``WebApp/policy``
/// (`Navigator.access`), and the APIs keep to the same policy.
///
/// ```swift
/// var configuration = WebConfiguration(host: "0.0.0.0", port: 8080)
/// configuration.signIn = SignIn(people: try SQLitePeopleStore(path: "people.sqlite"))
/// ```
public struct SignIn: Sendable {
  /// The people who may sign in, and their sessions.
  public var people: any PeopleStore
  /// How long a sign-in lasts (12 hours unless set); the person then signs in again.
  public var sessionLifetime: Duration
  /// Whether the session cookie is always marked `Secure`: set it when the server is reached
  /// through a reverse proxy that speaks TLS (the cookie is also marked so when a trusted
  /// proxy says `X-Forwarded-Proto: https`).
  public var secureCookies: Bool
  /// How many failed sign-ins within ``failureWindow`` a name may have from one client address
  /// before sign-in is refused (429) for it there until the oldest failure is old enough: 5
  /// unless set. A name from every address together, and an address for every name together,
  /// may have four times as many.
  public var maxFailures = 5
  /// The time ``maxFailures`` counts failures over: 15 minutes unless set.
  public var failureWindow = Duration.seconds(15 * 60)
  /// The most names and addresses whose failures are remembered (the oldest are forgotten).
  public var maxRememberedFailures = 10_000
  /// The most password checks under way at once, from every client together: 16 unless set.
  /// A sign-in past them is answered 503 with `Retry-After`, rather than waiting behind them,
  /// so that many addresses guessing at once hold no more of the server than this and delay
  /// anyone's sign-in by a second or two at most (a check costs bcrypt's few hundred
  /// milliseconds of one core).
  public var maxChecksAtOnce = 16
  /// How often, while pages are open, the server asks ``people`` whether sessions ended
  /// elsewhere (a person removed or given new roles, or signed out on another server), so
  /// that it closes their pages: every second unless set.
  public var sessionCheckInterval = Duration.seconds(1)
  /// The bcrypt cost of the hash an unknown name is checked against, so that it takes as
  /// long as a known one; lower in tests.
  var bcryptCost = PasswordHasher.defaultCost

  /// Creates a sign-in configuration.
  public init(
    people: any PeopleStore, sessionLifetime: Duration = .seconds(12 * 3600),
    secureCookies: Bool = false
  ) {
    self.people = people
    self.sessionLifetime = sessionLifetime
    self.secureCookies = secureCookies
  }
}
