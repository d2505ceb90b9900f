import Trellis

/// What sends a web service's requests: ``AsyncHTTPTransport`` by default; a test or an app
/// with its own networking provides another.
public protocol HTTPTransport: Sendable {
  /// Sends `request` and returns the answer, whatever its status; throws only when no answer
  /// came (no connection, a timeout, a cancelled task).
  func send(_ request: HTTPRequest) async throws(HTTPTransportError) -> HTTPResponse
}

/// One request.
public struct HTTPRequest: Hashable, Sendable {
  /// `GET`, `POST`, `PUT`, `PATCH` or `DELETE`.
  public var method: String
  /// The absolute address.
  public var url: String
  /// The headers, in order.
  public var headers: [(String, String)] { headerList.map { ($0.name, $0.value) } }
  var headerList: [Header]
  /// The body, if any.
  public var body: [UInt8]?
  /// How long the answer may take.
  public var timeout: Duration

  struct Header: Hashable, Sendable {
    var name: String
    var value: String
  }

  /// Creates a request.
  public init(
    method: String, url: String, headers: [(String, String)] = [], body: [UInt8]? = nil,
    timeout: Duration = .seconds(30)
  ) {
    self.method = method
    self.url = url
    self.headerList = headers.map { Header(name: $0.0, value: $0.1) }
    self.body = body
    self.timeout = timeout
  }
}

/// One answer.
public struct HTTPResponse: Hashable, Sendable {
  /// The status code.
  public var status: Int
  /// The body.
  public var body: [UInt8]
  /// The headers a store reads (`etag`), by lowercased name.
  public var headers: [String: String]

  /// Creates an answer.
  public init(status: Int, body: [UInt8], headers: [String: String] = [:]) {
    self.status = status
    self.body = body
    self.headers = headers
  }
}

/// Why no answer came.
public enum HTTPTransportError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The address is not one a request can go to.
  case invalidURL(String)
  /// The answer took longer than the request's timeout.
  case timedOut(Duration)
  /// The task that waited was cancelled (a newer search, say).
  case cancelled
  /// The connection failed or closed before the answer was complete.
  case connection(String)
  /// The answer was larger than the transport accepts.
  case tooLarge(Int)

  public var description: String {
    switch self {
    case .invalidURL(let url): "'\(url)' is not a valid address"
    case .timedOut(let timeout): "no answer within \(timeout)"
    case .cancelled: "cancelled"
    case .connection(let why): why
    case .tooLarge(let limit): "the answer is larger than \(limit) bytes"
    }
  }
}
