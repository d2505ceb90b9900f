import HTTPTypes
import Hummingbird

extension Router {
  /// Adds `handler` for GET at `path`, and for HEAD, which answers as GET would without its
  /// body: link checkers and health checks ask with HEAD.
  func getAndHead(
    _ path: RouterPath,
    use handler: @escaping @Sendable (Request, Context) async throws -> Response
  ) {
    get(path, use: handler)
    head(path) { request, context in try await handler(request, context).withoutBody() }
  }
}

extension Response {
  /// The response to a HEAD request: this one's status and headers, its length included, and
  /// no body.
  func withoutBody() -> Response {
    var response = self
    let length = response.headers[.contentLength]
    response.body = ResponseBody()
    response.headers[.contentLength] = length
    return response
  }
}
