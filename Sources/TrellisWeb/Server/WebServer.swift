import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import Logging
import Trellis

/// The web host: serves each app's screens as HTML pages and keeps them live over a WebSocket.
///
/// ```swift
/// let server = try WebServer(apps: [tasksApp], configuration: .init(port: 8080))
/// try await server.run { port in print("http://127.0.0.1:\(port)/") }
/// ```
///
/// Routes: `/` lists the apps; `/apps/ID` opens a session and serves its page (readable without
/// JavaScript); `/assets/…` serves the client script and styles; `/ws` is the session's
/// WebSocket (it checks the Origin header and the session's token; see
/// ``PageSocketChannel``). With ``WebConfiguration/signIn``, `/sign-in` and `/sign-out` sign
/// people in and out, and everything else needs a session cookie.
public struct WebServer: Sendable {
  /// Where the server listens, and its limits.
  public let configuration: WebConfiguration
  /// The apps, in home-screen order.
  public let apps: [WebApp]
  let hubs: [String: WebAppHub]
  let assets: WebAssets
  /// Who the session cookies sign in, when people must sign in.
  let gate: SignInGate?
  /// How many connections are held, and the most.
  let connections: ConnectionLimit
  /// Where the host's failures go in full.
  static let logger = Logger(label: "trellis-web")

  /// Creates a server for `apps`; throws when an app id repeats or an asset is missing.
  public init(apps: [WebApp], configuration: WebConfiguration = WebConfiguration())
    throws(WebHostError)
  {
    self.configuration = configuration
    self.apps = apps
    var hubs: [String: WebAppHub] = [:]
    var domains: [String: WebDomain] = [:]
    var apiPaths: Set<String> = []
    for app in apps {
      let domain = domains[app.domain] ?? WebDomain(name: app.domain)
      domains[app.domain] = domain
      hubs[app.id] = WebAppHub(app: app, configuration: configuration, domain: domain)
      for api in app.apis {
        let first = api.path.split(separator: "/").first.map(String.init) ?? ""
        guard !Self.ownPathSegments.contains(first), apiPaths.insert(api.path).inserted else {
          throw .apiPathTaken(api.path)
        }
      }
    }
    self.hubs = hubs
    self.assets = try WebAssets.load()
    self.gate = configuration.signIn.map(SignInGate.init)
    self.connections = ConnectionLimit(
      most: configuration.maxConnections
        ?? ConnectionLimit.descriptorLimit().map(ConnectionLimit.most(forDescriptors:))
        ?? 10_000,
      mostPerClient: configuration.maxConnectionsPerClient)
  }

  /// Runs `body` on the hub of app `id` (where its sessions and shared objects live), then
  /// updates every open page it changed.
  public func perform<T: Sendable>(onApp id: String, _ body: @Sendable () throws -> T)
    async throws -> T
  {
    guard let hub = hubs[id] else { throw WebHostError.unknownApp(id) }
    return try await hub.perform(body)
  }

  /// How many sessions app `id` holds.
  public func sessionCount(app id: String) async -> Int {
    await hubs[id]?.sessionCount ?? 0
  }

  /// Returns once app `id` holds at most `count` sessions. A page's session closes on the
  /// hub after its socket does, so code that closed a page waits here to see it gone.
  package func waitForSessions(app id: String, atMost count: Int) async {
    await hubs[id]?.waitForSessions(atMost: count)
  }

  /// The first path segments of the server's own routes, which an API path may not start with.
  static let ownPathSegments: Set<String> = [
    "apps", "assets", "favicon.ico", "images", "sign-in", "sign-out", "ws",
  ]

  /// The router: pages, assets, the WebSocket, and the apps' APIs.
  public func router() -> Router<WebRequestContext> {
    let router = Router(context: WebRequestContext.self)
    let hosts = configuration.answeredHosts
    router.add(middleware: HostCheck(allowed: hosts))
    if let gate {
      let apiPaths = apps.flatMap { $0.apis.map(\.path) }
      router.add(
        middleware: SignInCheck(
          gate: gate, apiPaths: apiPaths, originIsAllowed: { self.originIsAllowed($0) }))
      addSignInRoutes(to: router, gate: gate)
    }
    for app in apps {
      guard let hub = hubs[app.id] else { continue }
      let policy = app.policy ?? .everything
      for api in app.apis {
        api.register(
          on: router, access: { $0.person.map { Access(person: $0, policy: policy) } }
        ) { body in await hub.perform(body) }
      }
    }
    router.getAndHead("/") { _, context in self.html(self.homePage(person: context.person)) }
    router.get("/apps/:app") { request, context in
      let id = context.parameters.get("app") ?? ""
      let client = self.configuration.client(
        remote: context.remoteAddress, headers: request.headers)
      return await self.appPage(id, for: client, person: context.person)
    }
    // HEAD says whether the app is there, and opens no session: its page would be another.
    router.head("/apps/:app") { _, context in
      let id = context.parameters.get("app") ?? ""
      guard self.hubs[id] != nil else { return Response(status: .notFound) }
      var response = self.html("")
      response.headers[.contentLength] = nil
      return response.withoutBody()
    }
    router.getAndHead("/assets/:name") { request, context in
      let name = context.parameters.get("name") ?? ""
      guard let asset = self.assets.files[name] else { return Response(status: .notFound) }
      // Revalidated on each load (no-cache), and sent only when it changed.
      if let known = request.headers[.ifNoneMatch],
        known.split(separator: ",").contains(where: {
          $0.trimmingCharacters(in: .whitespaces) == asset.entityTag
        })
      {
        var headers = Self.securityHeaders
        headers[.eTag] = asset.entityTag
        headers[.cacheControl] = "no-cache"
        return Response(status: .notModified, headers: headers)
      }
      var response = Self.file(
        ByteBuffer(string: asset.text), type: asset.contentType, cache: "no-cache")
      response.headers[.eTag] = asset.entityTag
      return response
    }
    // Browsers ask for /favicon.ico whatever the page says: the same icon, so that no page
    // logs a missing file.
    router.getAndHead("/favicon.ico") { _, _ in
      guard let icon = self.assets.files["favicon.svg"] else { return Response(status: .notFound) }
      return Self.file(
        ByteBuffer(string: icon.text), type: icon.contentType, cache: "max-age=86400")
    }
    router.getAndHead("/images/:name") { _, context in
      let name = context.parameters.get("name") ?? ""
      return await self.image(named: name)
    }
    return router
  }

  /// The image a row names: the app's own, a file of the image folder (sent in chunks), one
  /// the image fetcher brings, or a placeholder.
  func image(named name: String) async -> Response {
    guard WebImage.isImageName(name) else { return Self.placeholder(for: name) }
    if let made = configuration.imageMaker?(name) {
      return Self.file(
        ByteBuffer(bytes: made.data), type: made.contentType, cache: "max-age=3600")
    }
    guard let folder = configuration.imageFolder,
      let file = WebImageFile.find(name, in: folder, maxBytes: configuration.maxImageBytes)
    else {
      if let fetched = await configuration.imageFetcher?(name),
        fetched.data.count <= configuration.maxImageBytes
      {
        return Self.file(
          ByteBuffer(bytes: fetched.data), type: fetched.contentType, cache: "max-age=3600")
      }
      return Self.placeholder(for: name)
    }
    var headers = Self.securityHeaders
    headers[.contentType] = file.contentType
    headers[.cacheControl] = "max-age=3600"
    return Response(status: .ok, headers: headers, body: file.body)
  }

  static func placeholder(for name: String) -> Response {
    let shown = WebImage.placeholder(for: name)
    return file(ByteBuffer(bytes: shown.data), type: shown.contentType, cache: "no-cache")
  }

  /// The Hummingbird application, bound where the configuration says.
  public func application(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in })
    -> some ApplicationProtocol
  {
    var logger = Logger(label: "trellis-web")
    logger.logLevel = .warning
    let router = router()
    return Application(
      router: router,
      server: HTTPServerBuilder { responder in
        PageSocketChannel(responder: responder, server: self)
      },
      configuration: .init(address: .hostname(configuration.host, port: configuration.port)),
      onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? 0) },
      logger: logger)
  }

  /// Serves until the process is stopped.
  public func run(onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in })
    async throws
  {
    do {
      try await application(onServerRunning: onServerRunning).runService()
    } catch {
      throw WebServerAddressInUse.from(
        error, host: configuration.host, port: configuration.port) ?? error
    }
  }

  /// The session a `/ws` request asks to connect to, when it may ask at all: a host the
  /// server answers to, the page's own origin, and one each of app, session and token. Whether
  /// the session takes the token is the hub's to say.
  func socketTarget(for request: HTTPRequest) -> (hub: WebAppHub, session: String, token: String)? {
    let uri = URI(request.path ?? "")
    guard uri.path == "/ws",
      HostName.isAllowed(request.authority, among: configuration.answeredHosts),
      originIsAllowed(request)
    else { return nil }
    let query = uri.queryParameters
    // One of each: a repeated parameter is refused rather than guessed at.
    guard ["app", "session", "token"].allSatisfy({ query.getAll($0).count == 1 }),
      let hub = query["app"].flatMap({ hubs[String($0)] }),
      let session = query["session"].map(String.init), let token = query["token"].map(String.init)
    else { return nil }
    return (hub, session, token)
  }

  /// Why a `/ws` request for `target` may not connect, as the status to answer; `nil` when it
  /// may. With sign-in, its cookie must sign in the person the session was opened for.
  func socketRefusal(
    for request: HTTPRequest, target: (hub: WebAppHub, session: String, token: String)?
  ) async -> HTTPResponse.Status? {
    guard let target else { return .badRequest }
    var person: Person?
    if let gate {
      guard let signedIn = await gate.person(for: request.headerFields) else {
        return .unauthorized
      }
      person = signedIn
    }
    switch await target.hub.attachment(session: target.session, token: target.token, for: person) {
    case .allowed: return nil
    case .refused: return .badRequest
    case .otherPerson: return .forbidden
    }
  }

  /// Whether the page that opened the WebSocket came from this server (or an allowed origin).
  func originIsAllowed(_ request: HTTPRequest) -> Bool {
    guard let origin = request.headerFields[.origin] else { return false }
    if configuration.allowedOrigins.contains(origin) { return true }
    guard let host = request.authority else { return false }
    return origin == "http://\(host)" || origin == "https://\(host)"
  }

  /// A file's bytes with the security headers, its type and how long it may be cached.
  static func file(_ body: ByteBuffer, type: String, cache: String) -> Response {
    var headers = securityHeaders
    headers[.contentType] = type
    headers[.cacheControl] = cache
    return Response(status: .ok, headers: headers, body: .init(byteBuffer: body))
  }

  static var securityHeaders: HTTPFields {
    var headers = HTTPFields()
    headers[.contentSecurityPolicy] =
      "default-src 'self'; img-src 'self' data: http: https:; style-src 'self' 'unsafe-inline'; "
      + "script-src 'self'; connect-src 'self'; frame-ancestors 'none'; base-uri 'none'"
    headers[.xContentTypeOptions] = "nosniff"
    if let referrer = HTTPField.Name("Referrer-Policy") { headers[referrer] = "no-referrer" }
    return headers
  }

  func html(_ text: String, status: HTTPResponse.Status = .ok) -> Response {
    var headers = Self.securityHeaders
    headers[.contentType] = "text/html; charset=utf-8"
    headers[.cacheControl] = "no-store"
    // A page's forms (sign-in, sign-out) must carry its origin, which browsers leave out
    // (`Origin: null`) under `no-referrer`; other sites still get no referrer.
    if let referrer = HTTPField.Name("Referrer-Policy") { headers[referrer] = "same-origin" }
    return Response(
      status: status, headers: headers, body: .init(byteBuffer: ByteBuffer(string: text)))
  }
}
