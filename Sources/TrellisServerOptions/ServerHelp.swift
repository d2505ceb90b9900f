import ArgumentParser

/// The help of options that `trellis serve` and `trellis-demo` declare each with their own
/// default, written once.
package enum ServerHelp {
  /// `--max-sessions-per-client`.
  package static let maxSessionsPerClient = ArgumentHelp(
    "The most sessions of an app one client address, or one signed-in person, may hold at once.",
    discussion: "Keeps one client from taking every session. Signed in, each person counts on "
      + "their own, from any address; without sign-in, each address does, so behind a reverse "
      + "proxy, where every client has the proxy's address, raise it or give --trusted-proxy. "
      + "A page loaded but never shown holds its session for about a minute.")
}
