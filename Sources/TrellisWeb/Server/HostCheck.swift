import HTTPTypes
import Hummingbird

/// Refuses requests whose `Host` header names a host the server does not answer to.
///
/// A page on another site can point its own domain at 127.0.0.1 (DNS rebinding); the browser
/// then sends that domain as the `Host` and treats the server as that site's, Origin included.
/// Checking the Origin against the Host alone lets such a page open sessions and edit data;
/// accepting only known host names (loopback by default) closes that door, for pages and for
/// the WebSocket alike.
struct HostCheck<Context: RequestContext>: RouterMiddleware {
  let allowed: Set<String>

  func handle(
    _ request: Request, context: Context,
    next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    guard HostName.isAllowed(request.head.authority, among: allowed) else {
      var headers = WebServer.securityHeaders
      headers[.contentType] = "text/plain; charset=utf-8"
      let name = request.head.authority.map { "'\($0)'" } ?? "no host"
      return Response(
        status: .misdirectedRequest, headers: headers,
        body: .init(
          byteBuffer: ByteBuffer(
            string: "This server does not answer to \(name). Open it by an allowed name, "
              + "or allow the name (--allowed-host).\n")))
    }
    return try await next(request, context)
  }
}

/// Host names as a `Host` header carries them.
enum HostName {
  /// Whether `authority` (`host[:port]`) names one of `allowed`.
  static func isAllowed(_ authority: String?, among allowed: Set<String>) -> Bool {
    guard let authority, let host = hostName(authority) else { return false }
    return allowed.contains(host)
  }

  /// The host name of `authority`, lowercased, without port, brackets or a trailing dot; `nil`
  /// when it is malformed.
  static func hostName(_ authority: String) -> String? {
    var host = Substring(authority)
    if host.hasPrefix("[") {
      guard let close = host.firstIndex(of: "]") else { return nil }
      let rest = host[host.index(after: close)...]
      guard rest.isEmpty || (rest.hasPrefix(":") && rest.dropFirst().allSatisfy(\.isNumber))
      else { return nil }
      host = host[host.index(after: host.startIndex)..<close]
    } else if let colon = host.firstIndex(of: ":") {
      guard host[host.index(after: colon)...].allSatisfy(\.isNumber) else { return nil }
      host = host[..<colon]
    }
    if host.hasSuffix(".") { host = host.dropLast() }
    guard !host.isEmpty else { return nil }
    return host.lowercased()
  }
}
