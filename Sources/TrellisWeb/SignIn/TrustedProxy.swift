import Foundation
import HTTPTypes
import NIOCore

/// A reverse proxy in front of the server, and the header it names each client's address in.
///
/// Requests from one of ``addresses`` are taken to come from the last address in ``header``
/// (`X-Forwarded-For`, `X-Real-IP`), for the per-client session limit and sign-in throttling,
/// and a `X-Forwarded-Proto: https` from them marks the session cookie `Secure`. From any
/// other address both headers are ignored: anyone could send them.
public struct TrustedProxy: Sendable, Hashable {
  /// The header the proxy names the client's address in.
  public var header: String
  /// The proxy's addresses, as the server sees its connections come (`127.0.0.1`).
  public var addresses: Set<String>

  /// Creates a trusted proxy.
  public init(header: String, addresses: Set<String>) {
    self.header = header
    self.addresses = addresses
  }

  /// Whether a connection from `remote` comes from the proxy.
  func trusts(_ remote: SocketAddress?) -> Bool {
    guard let ip = remote?.ipAddress else { return false }
    return addresses.contains(ip) || addresses.contains(ClientAddress(remote).description)
      || addresses.contains { (try? SocketAddress(ipAddress: $0, port: 0))?.ipAddress == ip }
  }

  /// The client a request from `remote` with `headers` comes from.
  func client(remote: SocketAddress?, headers: HTTPFields) -> ClientAddress {
    guard trusts(remote), let name = HTTPField.Name(header),
      let last = headers[values: name].last?.split(separator: ",").last
    else { return ClientAddress(remote) }
    let text = last.trimmingCharacters(in: .whitespaces)
    guard let address = try? SocketAddress(ipAddress: text, port: 0) else {
      return ClientAddress(remote)
    }
    return ClientAddress(address)
  }

  /// Whether the proxy says the request reached it over TLS.
  func saysTLS(remote: SocketAddress?, headers: HTTPFields) -> Bool {
    guard trusts(remote), let name = HTTPField.Name("X-Forwarded-Proto"),
      let last = headers[values: name].last?.split(separator: ",").last
    else { return false }
    return last.trimmingCharacters(in: .whitespaces).lowercased() == "https"
  }
}
