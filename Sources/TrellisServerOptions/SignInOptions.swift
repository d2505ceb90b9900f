import ArgumentParser
import Foundation
import TrellisWeb

/// The sign-in options of `trellis serve` and `trellis-demo`: who may sign in, and the proxy
/// in front.
package struct SignInOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The people who may sign in, in an SQLite file or a PostgreSQL database; turns sign-in on.",
      discussion: """
        Give a file path, or a database address (postgres://user@host/database) that servers \
        on several machines share. Add people with `trellis users add NAME --people FILE`.
        """,
      valueName: "file-or-address"))
  var people: String?

  @Flag(
    help: "Serve a non-loopback --host without sign-in: anyone who reaches it may change all.")
  var noSignIn = false

  @Option(
    help: ArgumentHelp(
      "The header a trusted reverse proxy names the client's address in (X-Forwarded-For).",
      valueName: "name"))
  var trustedProxyHeader: String?

  @Option(
    help: ArgumentHelp(
      "The address of a reverse proxy whose forwarded headers are believed (repeatable).",
      valueName: "address"))
  var trustedProxy: [String] = []

  /// No one named: parsing fills the options in.
  package init() {}

  /// Refuses options that do not go together, and a reachable server nobody signs in to.
  package func check(host: String) throws {
    if let problem = WebConfiguration.signInProblem(
      host: host, people: people, noSignIn: noSignIn, proxyHeader: trustedProxyHeader,
      proxies: trustedProxy)
    {
      throw ValidationError(problem)
    }
  }

  /// Sets up sign-in on `configuration`.
  package func apply(to configuration: inout WebConfiguration) async throws {
    // A file named wrong is refused: made empty, it would let nobody sign in.
    var store: (any PeopleStore)?
    if let people { store = try await PeopleLocation.open(people) }
    configuration.setUpSignIn(
      people: store, proxyHeader: trustedProxyHeader, proxies: trustedProxy)
  }
}
