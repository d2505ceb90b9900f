/// The sign-in options the command-line programs share (`--people`, `--no-sign-in`,
/// `--trusted-proxy-header`, `--trusted-proxy`).
extension WebConfiguration {
  /// Why the options cannot serve `host`, in words; `nil` when they can. A server other
  /// machines can reach must make people sign in, unless told plainly not to.
  package static func signInProblem(
    host: String, people: String?, noSignIn: Bool, proxyHeader: String?, proxies: [String]
  ) -> String? {
    if people != nil && noSignIn { return "give --people or --no-sign-in, not both" }
    if (proxyHeader == nil) != proxies.isEmpty {
      return "--trusted-proxy-header and --trusted-proxy go together"
    }
    let loopback = WebConfiguration(host: host).bindsLoopbackOnly
    if !loopback && people == nil && !noSignIn {
      return "--host \(host) can be reached from other machines: give --people FILE so that "
        + "people sign in (add them with `trellis users add`), or --no-sign-in to let anyone "
        + "who reaches it see and change everything"
    }
    return nil
  }

  /// Turns sign-in on with `people` (when given) and trusts the proxy at `proxies` to name
  /// clients in `proxyHeader`.
  package mutating func setUpSignIn(
    people: (any PeopleStore)?, proxyHeader: String?, proxies: [String]
  ) {
    if let people { signIn = SignIn(people: people) }
    if let proxyHeader, !proxies.isEmpty {
      trustedProxy = TrustedProxy(header: proxyHeader, addresses: Set(proxies))
    }
  }
}
