import HTTPTypes
import NIOCore

extension WebConfiguration {
  /// Whether ``host`` binds every interface (`0.0.0.0`, `::`, or empty).
  public var bindsEveryInterface: Bool { ["0.0.0.0", "::", ""].contains(host) }

  /// Whether ``host`` is a loopback address or name, which other machines cannot reach.
  public var bindsLoopbackOnly: Bool {
    let name = HostName.hostName(host) ?? host.lowercased()
    return name == "localhost" || name == "::1" || name.hasPrefix("127.")
  }

  /// The client a request from `remote` with `headers` comes from: the address a trusted
  /// proxy names, else the connection's.
  func client(remote: SocketAddress?, headers: HTTPFields) -> ClientAddress {
    trustedProxy?.client(remote: remote, headers: headers) ?? ClientAddress(remote)
  }

  /// The addresses a browser can open the server at once it listens on `port`, to print when
  /// it starts: the bound address (`localhost` when the server binds every interface), then
  /// each of ``allowedHosts`` (on `port` unless the name carries a port of its own).
  ///
  /// Every address listed passes the host check (``answeredHosts``). A server bound to every
  /// interface answers only to loopback and the allowed names, so the machine's other
  /// addresses are not listed: they are refused with 421 until they are allowed.
  public func addresses(port: Int) -> [String] {
    let own = Self.authority(host: bindsEveryInterface ? "localhost" : host, port: port)
    var addresses = ["http://\(own)/"]
    for name in allowedHosts.sorted() {
      // As ``answeredHosts`` reads it: a bare IPv6 address is no `host:port`.
      let hostName = HostName.hostName(name) ?? name.lowercased()
      // `name:443` or `[::1]:443`; a bare IPv6 address has several colons and no port.
      let hasPort =
        name.hasPrefix("[") ? name.contains("]:") : name.filter { $0 == ":" }.count == 1
      let address = "http://\(hasPort ? name : Self.authority(host: hostName, port: port))/"
      if !addresses.contains(address) { addresses.append(address) }
    }
    return addresses
  }

  /// What a program prints when the server listens on `port`: `NAME: ADDRESS`, then the other
  /// ``addresses(port:)`` one a line, and for a server on every interface, which names it
  /// answers to. The first line is the one to open.
  public func banner(_ name: String, port: Int) -> String {
    let addresses = addresses(port: port)
    var text = "\(name): \(addresses[0])\n"
    for address in addresses.dropFirst() { text += "  also: \(address)\n" }
    if !bindsLoopbackOnly && signIn == nil {
      text += "  WARNING: anyone who can reach this address may see and change everything: "
      text += "nobody signs in (--no-sign-in). Give --people FILE to make people sign in.\n"
    }
    if bindsEveryInterface {
      text += "  Listening on every interface: requests naming another address of this machine "
      text += "are refused (421) until it is allowed (--allowed-host).\n"
    }
    return text
  }

  /// `host:port`, with an IPv6 address in brackets.
  static func authority(host: String, port: Int) -> String {
    host.contains(":") ? "[\(host)]:\(port)" : "\(host):\(port)"
  }
}
