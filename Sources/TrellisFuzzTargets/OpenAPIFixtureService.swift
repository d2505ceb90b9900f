import Foundation
import Hummingbird
import Logging
import Trellis
import TrellisPostgres
import TrellisWeb

/// A web service on loopback that answers as an OpenAPI fixture says its API does, over real
/// stores: each list inferred from the document keeps its objects in a memory store served by
/// a ``StoreAPI``, and each request is passed to that API in its own shape (Django REST
/// framework's), its answer given back in the document's: its paths, paging, wrapper and id.
///
/// One service runs per fixture for the life of the process, and every run of the fuzzer
/// starts it over with fresh stores (``restart()``): stopping a server while a client pools
/// connections to it would end those connections mid-use.
///
/// ```swift
/// let service = try OpenAPIFixtureService.shared("types.yaml", lists: settings)
/// try service.restart()
/// // the lists' baseURL: service.baseURL
/// ```
final class OpenAPIFixtureService: Sendable {
  /// The port it listens on.
  let port: Int
  private let lists: [ValueDictionary]
  private let responder: OpenAPIFixtureResponder
  private let task: Task<Void, any Error>

  /// How many objects each list starts with: more than a first page.
  static let seedCount = 30

  /// Where every fixture's service runs.
  private static let executor = QueueExecutor(label: "trellis.openapi-fixture")

  /// The service of each fixture, by name.
  private static let services = Locked<[String: OpenAPIFixtureService]>([:])

  private init(
    port: Int, lists: [ValueDictionary], responder: OpenAPIFixtureResponder,
    task: Task<Void, any Error>
  ) {
    self.port = port
    self.lists = lists
    self.responder = responder
    self.task = task
  }

  /// The address the lists' paths are relative to.
  var baseURL: String { "http://127.0.0.1:\(port)/" }

  /// The service of the fixture `name`, whose lists' `webService` settings are `lists`:
  /// started the first time it is asked for, and listening when this returns.
  static func shared(_ name: String, lists: [ValueDictionary]) throws -> OpenAPIFixtureService {
    if let service = services.withLock({ $0[name] }) { return service }
    let service = try start(lists: lists)
    return services.withLock { services in
      if let earlier = services[name] {
        service.task.cancel()
        return earlier
      }
      services[name] = service
      return service
    }
  }

  /// Starts a service for `lists`, and returns once it listens.
  private static func start(lists: [ValueDictionary]) throws -> OpenAPIFixtureService {
    let (resources, stores) = try stores(for: lists)
    let responder = OpenAPIFixtureResponder(resources: resources, stores: stores)
    var logger = Logger(label: "trellis-openapi-fixture")
    logger.logLevel = .critical
    let ready = AsyncStream<Int>.makeStream()
    let app = Application(
      responder: responder, configuration: .init(address: .hostname("127.0.0.1", port: 0)),
      onServerRunning: { channel in ready.continuation.yield(channel.localAddress?.port ?? 0) },
      logger: logger)
    // The service runs on a queue of its own: the fuzzer holds a thread of the concurrency
    // pool while it plays, and the tests play several targets at once.
    let task = Task(executorPreference: executor) {
      try await app.runService(gracefulShutdownSignals: [])
    }
    let port = try BlockingWait.run {
      for await port in ready.stream { return port }
      return 0
    }
    guard port > 0 else {
      task.cancel()
      throw StoreError.failed("the OpenAPI fixture's service did not start")
    }
    return OpenAPIFixtureService(port: port, lists: lists, responder: responder, task: task)
  }

  /// Starts every list over with its first objects, in new stores.
  func restart() throws {
    responder.replaceStores(try Self.stores(for: lists).stores)
  }

  /// The resources `lists` describe, and the Store APIs keeping their objects, each over a
  /// memory store holding its first objects.
  private static func stores(for lists: [ValueDictionary]) throws -> (
    resources: [OpenAPIFixtureResource], stores: RouterResponder<BasicRequestContext>
  ) {
    let router = Router()
    var resources: [OpenAPIFixtureResource] = []
    for settings in lists {
      guard let resource = OpenAPIFixtureResource(settings: settings, index: resources.count)
      else { continue }
      var definition = try DataDefinition.dictionary(
        keys: (["id"] + resource.keys).joined(separator: ";"))
      definition.titlePropertyNames = resource.keys.filter {
        resource.kinds[$0]?.hasPrefix("string") ?? true
      }
      let store = MemoryStore(items: resource.seeds(seedCount), definition: definition)
      let api = try StoreAPI(
        store: store, definition: definition, path: resource.storePath,
        maxPageSize: OpenAPIFixtureResource.maximumPageSize, idKey: "id")
      api.register(on: router)
      resources.append(resource)
    }
    return (resources, router.buildResponder())
  }
}
