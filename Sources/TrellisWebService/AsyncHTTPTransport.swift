import AsyncHTTPClient
import NIOCore
import NIOHTTP1
import Trellis

/// Sends requests with AsyncHTTPClient, on SwiftNIO's shared event loops.
///
/// AsyncHTTPClient rather than `URLSession`: on Linux, Foundation's `URLSession` is a layer
/// over libcurl whose task cancellation and timeouts are less dependable, while
/// AsyncHTTPClient honours task cancellation (a superseded load stops its request), has a
/// deadline per request, pools connections, and shares the event loops the web host's
/// Hummingbird server already runs on.
public struct AsyncHTTPTransport: HTTPTransport {
  /// The client requests go through; the process-wide shared one by default.
  let client: HTTPClient
  /// The largest answer accepted, in bytes.
  public var maximumBodySize: Int

  /// A transport over `client` (``serviceClient`` when `nil`).
  public init(client: HTTPClient? = nil, maximumBodySize: Int = 64 << 20) {
    self.client = client ?? Self.serviceClient
    self.maximumBodySize = maximumBodySize
  }

  /// The client web services share, for the life of the process: AsyncHTTPClient's shared
  /// settings, except that a refused connection fails at once instead of being tried again
  /// until the request's deadline — a list then shows that the server is gone, and the store's
  /// own retry policy decides whether a read is tried again.
  public static let serviceClient: HTTPClient = {
    var configuration = HTTPClient.Configuration.singletonConfiguration
    configuration.timeout.connect = .seconds(10)
    configuration.connectionPool.retryConnectionEstablishment = false
    return HTTPClient(
      eventLoopGroup: HTTPClient.defaultEventLoopGroup, configuration: configuration)
  }()

  public func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse {
    var outgoing = HTTPClientRequest(url: request.url)
    outgoing.method = HTTPMethod(rawValue: request.method)
    for (name, value) in request.headers { outgoing.headers.add(name: name, value: value) }
    if let body = request.body { outgoing.body = .bytes(ByteBuffer(bytes: body)) }
    let nanoseconds =
      request.timeout.components.seconds * 1_000_000_000
      + request.timeout.components.attoseconds / 1_000_000_000
    do {
      let response = try await client.execute(outgoing, timeout: .nanoseconds(nanoseconds))
      let body = try await response.body.collect(upTo: maximumBodySize)
      var headers: [String: String] = [:]
      if let etag = response.headers.first(name: "ETag") { headers["etag"] = etag }
      return HTTPResponse(
        status: Int(response.status.code), body: Array(buffer: body), headers: headers)
    } catch {
      throw Self.transportError(error, request: request, limit: maximumBodySize)
    }
  }

  /// What went wrong, in words, for the error state a list shows.
  static func transportError(_ error: any Error, request: HTTPRequest, limit: Int)
    -> HTTPTransportError
  {
    if error is CancellationError { return .cancelled }
    if let client = error as? HTTPClientError {
      switch client {
      case .deadlineExceeded, .readTimeout, .connectTimeout, .writeTimeout:
        return .timedOut(request.timeout)
      case .cancelled: return .cancelled
      case .invalidURL, .emptyHost, .emptyScheme:
        return .invalidURL(request.url)
      case .remoteConnectionClosed:
        return .connection("the server closed the connection before answering")
      default:
        return .connection("\(client)")
      }
    }
    if "\(type(of: error))".contains("TooManyBytes") { return .tooLarge(limit) }
    let text = "\(error)"
    if text.localizedCaseInsensitiveContains("refused") {
      return .connection("the server refused the connection")
    }
    return .connection(text)
  }
}
