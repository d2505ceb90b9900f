import Foundation
import HTTPTypes
import Hummingbird

/// Lets through only requests whose session cookie signs someone in, and gives their routes
/// the person (``WebRequestContext/person``).
///
/// The sign-in page, the styles and script it loads and the icon are open to all. Without a
/// session, a page (a `GET` of anything else) is redirected to `/sign-in?next=PATH`, so that
/// the person comes back to it once signed in; the WebSocket, the apps' APIs and every other
/// method answer 401.
///
/// A change (any method but `GET`, `HEAD` and `OPTIONS`) sent by a page of another site, as
/// its `Origin` says, is refused with 403 even with the cookie; a program that sends no
/// `Origin` is let through.
struct SignInCheck: RouterMiddleware {
  typealias Context = WebRequestContext
  let gate: SignInGate
  /// The paths of the apps' APIs, which answer 401 in JSON rather than redirect.
  let apiPaths: [String]
  /// Whether a request's `Origin` is this server's (or an allowed one).
  let originIsAllowed: @Sendable (HTTPRequest) -> Bool

  func handle(
    _ request: Request, context: Context, next: (Request, Context) async throws -> Response
  ) async throws -> Response {
    let path = request.uri.path
    if Self.isOpen(path) { return try await next(request, context) }
    var headers = WebServer.securityHeaders
    headers[.cacheControl] = "no-store"
    let isAPI = apiPaths.contains { path.hasPrefix($0) || path + "/" == $0 }
    if let person = await gate.person(for: request.headers) {
      if ![.get, .head, .options].contains(request.method), request.headers[.origin] != nil,
        !originIsAllowed(request.head)
      {
        headers[.contentType] = isAPI ? "application/json" : "text/plain; charset=utf-8"
        let text =
          isAPI
          ? #"{"detail": "This request was sent from another site."}"#
          : "This request was sent from another site.\n"
        return Response(
          status: .forbidden, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
      }
      var context = context
      context.person = person
      return try await next(request, context)
    }
    if request.method == .get, !isAPI, path != "/ws" {
      var target = path
      if let query = request.uri.query { target += "?" + query }
      headers[.location] = "/sign-in?next=" + Self.encoded(target)
      return Response(status: .seeOther, headers: headers)
    }
    headers[.contentType] = isAPI ? "application/json" : "text/plain; charset=utf-8"
    headers[.wwwAuthenticate] = "Cookie realm=\"Trellis\""
    let text =
      isAPI
      ? #"{"detail": "Authentication credentials were not provided."}"#
      : "Sign in first (/sign-in).\n"
    return Response(
      status: .unauthorized, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
  }

  /// Whether `path` is open without signing in.
  static func isOpen(_ path: String) -> Bool {
    path == "/sign-in" || path == "/sign-out" || path == "/favicon.ico"
      || path.hasPrefix("/assets/")
  }

  /// `text` percent-encoded for a query value.
  static func encoded(_ text: String) -> String {
    let allowed = CharacterSet(
      charactersIn: "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~/")
    return text.addingPercentEncoding(withAllowedCharacters: allowed) ?? "/"
  }
}
