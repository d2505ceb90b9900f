import NIOCore

/// Who a request comes from, as far as the session limits go: the client's IP address, or the
/// /64 network of an IPv6 address, since one IPv6 client usually holds a whole /64.
///
/// Counted by ``WebConfiguration/maxSessionsPerClient`` (without sign-in) and by sign-in
/// throttling. Behind a reverse proxy every request comes from the proxy's address, unless the
/// proxy is trusted (``WebConfiguration/trustedProxy``) to name the client in a header.
struct ClientAddress: Hashable, Sendable, CustomStringConvertible {
  /// The address or network the limit counts (`192.0.2.7`, `2001:db8:0:1::/64`).
  let description: String

  /// The client of a connection from `address`; `nil` (a test's connection) is one client.
  init(_ address: SocketAddress?) {
    switch address {
    case .v4?:
      description = address?.ipAddress ?? "unknown"
    case .v6(let v6)?:
      let bytes = withUnsafeBytes(of: v6.address.sin6_addr) { Array($0) }
      let mapped = bytes[0..<10].allSatisfy { $0 == 0 } && bytes[10] == 0xFF && bytes[11] == 0xFF
      if mapped {
        description = bytes[12...].map(String.init).joined(separator: ".")
      } else if bytes[..<15].allSatisfy({ $0 == 0 }) {
        description = address?.ipAddress ?? "::1"
      } else {
        let groups = stride(from: 0, to: 8, by: 2).map {
          String(UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]), radix: 16)
        }
        description = groups.joined(separator: ":") + "::/64"
      }
    case .unixDomainSocket?:
      description = "local"
    case nil:
      description = "unknown"
    }
  }
}
