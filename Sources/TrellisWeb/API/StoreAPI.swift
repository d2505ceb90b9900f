import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Trellis

/// A REST API over a ``DataStore``: its items as JSON, in pages, in the shape of Django REST
/// framework's model view sets, so that any HTTP client (a web-service store, `curl`) can read
/// and change them.
///
/// For an API at `/api/contacts/`:
///
/// | request | answer |
/// |---|---|
/// | `GET /api/contacts/?page=2&page_size=7&search=ada&ordering=-lastName` | 200 `{"count", "next", "previous", "results"}` |
/// | `GET /api/contacts/12/` | 200 the item, or 404 `{"detail": "Not found."}` |
/// | `POST /api/contacts/` with a JSON object | 201 the new item, or 400 `{"field": ["message"]}` |
/// | `PATCH` (or `PUT`) `/api/contacts/12/` | 200 the item, 400, or 404 |
/// | `DELETE /api/contacts/12/` | 204, or 404 |
///
/// An item is `{"id": 12, "firstName": "Ada", ...}`: its id, then every property of the
/// definition that holds a plain value (text, a number, a Boolean, a date as ISO 8601 text,
/// or null); relationships and nested lists are not served. Pages count from 1 (`last` names
/// the last); a page past the end is 404 `{"detail": "Invalid page."}`; `page_size` above
/// ``maxPageSize`` is cut to it. `next` and `previous` are absolute URLs on the request's
/// `Host`, keeping the other parameters. `search` splits its text at spaces and commas, and each
/// term must be in one of the definition's title properties, ignoring case (a text longer than
/// ``ItemFilter/maximumSearchLength`` is 400, never sent to the store); `ordering` takes
/// properties and `id`, comma-separated, `-` for descending (unknown names are ignored; the id
/// breaks ties, so pages never overlap). Values sent are
/// checked as a detail screen checks them (required, types, ranges, choices, custom rules);
/// unknown fields and `id` are ignored. Bodies must be sent as `application/json` (else 415),
/// which keeps a page of another site from writing with a plain form.
///
/// On a ``WebServer`` with sign-in (``WebConfiguration/signIn``), every request needs the
/// session cookie (else 401) and keeps to the app's ``WebApp/policy`` for the person: a list
/// holds only the items they may see, an item they may not see is 404, and adding, changing
/// or deleting what they may not is 403 with the reason in words. An API served alone has no
/// sign-in: keep it on loopback.
///
/// Writes go through the store, so every list open on it (the web host's sessions) updates at
/// once. The store's calls never run on the server's event loop: an API mounted on a
/// ``WebServer`` by its ``WebApp`` runs them on that app's serial domain, with its sessions,
/// which share the store's objects; an API served alone runs them one at a time on a
/// dispatch queue of its own. (Store calls are synchronous; SQLite's take a millisecond or so.)
///
/// ```swift
/// let api = try StoreAPI(store: contactStore, path: "/api/contacts/")
/// try await api.run(port: 0) { port in print("http://127.0.0.1:\(port)/api/contacts/") }
/// ```
public final class StoreAPI: Sendable {
  /// Where the API is mounted, with a slash at each end: `/api/contacts/`.
  public let path: String
  /// The store served.
  public let store: any DataStore
  /// The definition of its items: the properties served, their titles and rules.
  public let definition: DataDefinition
  /// Items per page when the request names none.
  public let pageSize: Int
  /// The most items a page holds, whatever the request asks.
  public let maxPageSize: Int
  /// The largest request body read, in bytes; larger ones are refused with 413. 256 KB
  /// unless set: as much as a page may send in one message, so that no value stored through
  /// the API is one a page could not have sent, and every page then receives.
  public let maxBodyBytes: Int
  /// The properties served, in the definition's order, after `id`.
  public var fieldNames: [String] { fields.map(\.name) }
  /// Where an answer's failures go in full, while the answer says them in words.
  static let logger = Logger(label: "trellis-store-api")

  let identity: StoreAPIIdentity
  let fields: [Field]
  let searchKeys: [String]
  private let delay: Locked<Duration>
  private let queue = DispatchQueue(label: "trellis.store-api")

  /// A property served: its name and its declared kind.
  struct Field: Sendable {
    var name: String
    var kind: ValueKind?
  }

  /// Creates an API over `store` at `path`.
  ///
  /// - Parameters:
  ///   - definition: The items' definition; the store's own when `nil`.
  ///   - idKey: The property holding each item's id, an integer. When `nil`, the store's own
  ///     keys are used (an SQLite row's primary key); stores without keys (a memory store)
  ///     need one. The API gives a new item the next integer after the largest.
  ///   - latency: How long every request waits before it is answered: a slow network, for
  ///     demos and for tests of loading states. Change it any time with ``latency``.
  public init(
    store: any DataStore, definition: DataDefinition? = nil, path: String, pageSize: Int = 7,
    maxPageSize: Int = 1000, idKey: String? = nil, latency: Duration = .zero,
    maxBodyBytes: Int = 256 * 1024
  ) throws(StoreAPIError) {
    guard let definition = definition ?? store.itemsDefinition else { throw .noDefinition }
    guard let normalized = Self.normalizedPath(path) else { throw .invalidPath(path) }
    guard pageSize >= 1, maxPageSize >= pageSize else {
      throw .invalidPageSize(pageSize, maximum: maxPageSize)
    }
    let identity: StoreAPIIdentity
    if let idKey {
      let names = definition.properties.filter { !$0.isCustom }.map(\.name)
      guard names.contains(idKey) || definition.availableKeys.contains(idKey) else {
        throw .unknownIDKey(idKey, suggestion: NameSuggestion.closest(to: idKey, among: names))
      }
      identity = .property(idKey)
    } else if let keyed = store as? any KeyedStore {
      identity = .storeKeys(keyed)
    } else {
      throw .noStableIDs(String(describing: type(of: store)))
    }
    self.store = store
    self.definition = definition
    self.path = normalized
    self.pageSize = pageSize
    self.maxPageSize = maxPageSize
    self.maxBodyBytes = max(maxBodyBytes, 0)
    self.identity = identity
    self.fields = Self.servedFields(of: definition, except: identity.propertyName)
    let texts = fields.filter { $0.kind?.unwrapped == .string }.map(\.name)
    self.searchKeys = definition.titlePropertyNames.isEmpty ? texts : definition.titlePropertyNames
    self.delay = Locked(latency)
  }

  /// How long every request waits before it is answered; zero by default.
  public var latency: Duration {
    get { delay.withLock { $0 } }
    set { delay.withLock { $0 = newValue } }
  }

  /// `path` with one slash at each end, when every segment is made of URL-safe characters.
  static func normalizedPath(_ path: String) -> String? {
    let segments = path.split(separator: "/", omittingEmptySubsequences: true)
    let allowed = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_.~")
    guard path.hasPrefix("/"), !segments.isEmpty,
      segments.allSatisfy({ $0.allSatisfy(allowed.contains) && $0 != "." && $0 != ".." })
    else { return nil }
    return "/" + segments.joined(separator: "/") + "/"
  }

  // MARK: Serving

  /// Runs one answer's store work where the store's calls belong.
  typealias Perform =
    @Sendable (@escaping @Sendable () -> StoreAPIResponse) async ->
    StoreAPIResponse

  /// Adds the API's routes to `router`, answering on the API's own queue.
  public func register<Routes: RouterMethods>(on router: Routes) {
    let queue = queue
    register(on: router) { body in
      await withCheckedContinuation { continuation in
        queue.async { continuation.resume(returning: body()) }
      }
    }
  }

  /// Adds the API's routes to `router`, running the store's calls through `perform`, for the
  /// person and policy `access` finds in a request's context (see ``StoreAPI`` and
  /// `StoreAPI+Access`).
  func register<Routes: RouterMethods>(
    on router: Routes, access: @escaping @Sendable (Routes.Context) -> Access? = { _ in nil },
    perform: @escaping Perform
  ) {
    let collection = RouterPath(path)
    let item = RouterPath(path + ":id")
    for method: HTTPRequest.Method in [.get, .head, .post, .put, .patch, .delete, .options] {
      router.on(collection, method: method) { request, context in
        await self.answer(request, id: nil, access: access(context), perform: perform)
      }
      router.on(item, method: method) { request, context in
        await self.answer(
          request, id: context.parameters.get("id") ?? "", access: access(context),
          perform: perform)
      }
    }
  }

  /// The answer to one request: the latency, the body read, the store's part where it
  /// belongs, then the JSON.
  func answer(_ request: Request, id: String?, access: Access? = nil, perform: Perform) async
    -> Response
  {
    let latency = self.latency
    if latency > .zero { try? await Task.sleep(for: latency) }
    var body: [UInt8] = []
    if [.post, .put, .patch].contains(request.method) {
      do {
        let buffer = try await request.body.collect(upTo: maxBodyBytes)
        body = Array(buffer.readableBytesView)
      } catch {
        return StoreAPIResponse.detail(
          .contentTooLarge, "The request body is larger than \(maxBodyBytes) bytes."
        ).response()
      }
    }
    // HEAD answers as GET does, without the body.
    let isHead = request.method == .head
    let parsed = StoreAPIRequest(
      method: isHead ? .get : request.method, id: id, query: StoreAPIQuery(request.uri.query),
      host: StoreAPIRequest.host(request.head.authority),
      contentType: request.headers[.contentType], body: body, access: access)
    let response = await perform { self.respond(to: parsed) }.response()
    return isHead ? response.withoutBody() : response
  }

  /// The Hummingbird application serving the API alone, on `host` and `port` (0 picks a free
  /// port, which `onServerRunning` is told). It answers only to loopback names, `host` and
  /// `allowedHosts`, which stops DNS rebinding.
  public func application(
    host: String = "127.0.0.1", port: Int = 0, allowedHosts: Set<String> = [],
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    var logger = Logger(label: "trellis-store-api")
    logger.logLevel = .warning
    let router = Router()
    let hosts = WebConfiguration(host: host, port: port, allowedHosts: allowedHosts).answeredHosts
    router.add(middleware: HostCheck(allowed: hosts))
    register(on: router)
    return Application(
      router: router, configuration: .init(address: .hostname(host, port: port)),
      onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
      logger: logger)
  }

  /// Serves the API alone until the process is stopped (see
  /// ``application(host:port:allowedHosts:onServerRunning:)``).
  public func run(
    host: String = "127.0.0.1", port: Int = 0, allowedHosts: Set<String> = [],
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
  ) async throws {
    try await application(
      host: host, port: port, allowedHosts: allowedHosts, onServerRunning: onServerRunning
    ).runService()
  }
}
