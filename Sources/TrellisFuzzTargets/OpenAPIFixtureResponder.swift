import Foundation
import Hummingbird
import Synchronization
import Trellis

/// Answers a request to an OpenAPI fixture's service: passes it to the Store API of the list
/// its path names, in that API's shape, and gives the answer back in the document's.
struct OpenAPIFixtureResponder: HTTPResponder {
  typealias Context = BasicRequestContext

  let resources: [OpenAPIFixtureResource]
  /// The Store APIs keeping the lists' objects, replaced when the service starts over.
  private let current: Locked<RouterResponder<BasicRequestContext>>

  init(resources: [OpenAPIFixtureResource], stores: RouterResponder<BasicRequestContext>) {
    self.resources = resources
    current = Locked(stores)
  }

  /// Serves the lists from `stores` from now on.
  func replaceStores(_ stores: RouterResponder<BasicRequestContext>) {
    current.withLock { $0 = stores }
  }

  /// The largest request body read.
  static let maximumBody = 1 << 20

  func respond(to request: Request, context: Context) async throws -> Response {
    let path = request.uri.path
    guard
      let (resource, target) = resources.lazy.compactMap({ resource in
        resource.target(of: path).map { (resource, $0) }
      }).first
    else { return Self.json(.notFound, ["detail": "Not found."]) }
    let query = OpenAPIFixtureQuery(request.uri.query)
    var storePath = resource.storePath
    if case .item(let id) = target {
      storePath += (id.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? "") + "/"
    }
    let listing = target == .collection && request.method == .get
    if listing {
      storePath +=
        "?"
        + query.storeQuery(
          search: resource.searchParameter, pageSize: OpenAPIFixtureResource.maximumPageSize)
    }
    var head = request.head
    head.path = storePath
    var body = RequestBody(buffer: ByteBuffer())
    if [.post, .put, .patch].contains(request.method) {
      let bytes = try await request.body.collect(upTo: Self.maximumBody)
      let sent = Self.value(Array(bytes.readableBytesView))
      // What is not a JSON object goes as it came, for the Store API to refuse.
      let passed = sent.map { Self.bytes(resource.inward($0)) } ?? Array(bytes.readableBytesView)
      body = RequestBody(buffer: ByteBuffer(bytes: passed))
    }
    let stores = current.withLock { $0 }
    let answer = try await stores.respond(
      to: Request(head: head, body: body), context: context)
    let status = answer.status
    let collected = try await Self.collect(answer)
    guard let value = Self.value(collected) else {
      return Response(
        status: status, headers: answer.headers,
        body: .init(byteBuffer: ByteBuffer(bytes: collected)))
    }
    guard status.kind == .successful else { return Self.json(status, value) }
    if listing {
      let origin = "http://" + (request.head.authority ?? "127.0.0.1")
      let objects = value.dictionaryValue?["results"]?.arrayValue ?? []
      return Self.json(status, resource.page(of: objects, query: query, origin: origin, path: path))
    }
    return Self.json(status, resource.outward(value))
  }

  /// `bytes` read as JSON; `nil` when they are not JSON (or are empty).
  static func value(_ bytes: [UInt8]) -> Value? {
    guard !bytes.isEmpty else { return nil }
    return try? LocatedDocument(
      bytes: bytes, format: .json, file: nil,
      options: DocumentReadOptions(maximumDepth: 32, recordsLocations: false)
    ).root
  }

  /// `value` as JSON bytes.
  static func bytes(_ value: Value) -> [UInt8] {
    Array((try? DocumentWriter.data(for: value, format: .json)) ?? Data("null".utf8))
  }

  /// A JSON answer.
  static func json(_ status: HTTPResponse.Status, _ value: Value) -> Response {
    var headers = HTTPFields()
    headers[.contentType] = "application/json"
    return Response(
      status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes(value))))
  }

  /// The bytes of `response`'s body.
  static func collect(_ response: Response) async throws -> [UInt8] {
    let collector = BodyCollector()
    try await response.body.write(BodyCollector.Writer(collector: collector))
    return collector.bytes.withLock { $0 }
  }
}

/// The bytes a response's body writes.
private final class BodyCollector: Sendable {
  let bytes = Mutex<[UInt8]>([])

  struct Writer: ResponseBodyWriter {
    let collector: BodyCollector

    mutating func write(_ buffer: ByteBuffer) async throws {
      collector.bytes.withLock { $0 += buffer.readableBytesView }
    }

    consuming func finish(_ trailingHeaders: HTTPFields?) async throws {}
  }
}
