import Foundation
import Logging
import PostgresNIO
import Synchronization
import Trellis
import TrellisSQL

/// The items of a ``PostgresEntity`` in a PostgreSQL table, as an ``AsyncDataStore``, on
/// postgres-nio's pooled client.
///
/// ```swift
/// let entity = try PostgresEntity(table: "contact", definition: contactDefinition, ordered: true)
/// let store = try PostgresStore(url: "postgres://trellis@127.0.0.1:5432/app", entity: entity)
/// let section = ArrayOfObjectsSection(store: store, definition: entity.definition)
/// section.fetchOptions.batchSize = 20
/// ```
///
/// The table is created on first use (`CREATE TABLE IF NOT EXISTS`), and columns the entity
/// has and the table lacks are added. Rows are listed as faults (``ObjectFault``), read from
/// their fetched values; the entity's definition makes a row's object when something asks for
/// it. The same row gives the same fault and object while the store lives. Pages use `LIMIT` and `OFFSET`, a
/// search runs as `ILIKE`, and each write is one transaction whose values are all bound
/// parameters. Failures are ``StoreError``s: a server that does not answer within ``timeout``,
/// a value a constraint refuses (named by its column), never a crash. Call ``shutdown()``
/// when done: the store owns the task that runs the connection pool.
public final class PostgresStore: AsyncDataStore {
  /// What the store holds.
  public let entity: PostgresEntity
  /// The pooled client, for queries of your own; the store runs it until ``shutdown()``.
  public let client: PostgresClient
  /// How many of the pool's connections writes that take the order's lock may hold at once:
  /// all but four, which stay there for reads and other writes. Enough wait at the lock that
  /// it passes from one to the next without a round trip (shared by the stores of related
  /// entities, which share the pool).
  let writeLimit: WriteLimit
  /// How long an operation may wait for the server before failing.
  public let timeout: Duration
  /// Where the server is, for messages: host and port, or the socket path.
  let place: String
  let logger: Logger
  let observers = ObserverList<StoreChange>()
  /// Held while a change to a row is reported (``report(_:about:row:)``).
  let reporting = Mutex(())
  let linkObservers = ObserverList<StoreLink>()
  /// What this store's transactions call themselves, so that it skips its own notifications
  /// (shared by the stores of related entities, which tell each other at once).
  let origin: String
  /// The stores of the entities related to this one, which share its objects.
  let graph: PostgresStoreGraph
  /// The channel the table's changes are announced on.
  let channel: String
  /// What the store's connections call themselves on the server: `trellis` and its origin.
  package var applicationName: String { Self.applicationName(origin) }

  static func applicationName(_ origin: String) -> String {
    "trellis " + origin.prefix(8).lowercased()
  }
  // Sound: the store makes one object per row and hands it to the domain that shows it; a
  // read off that domain waits in `arrived` (and delete rules' effects in `arrivedEffects`)
  // until that domain applies it (``applyArrivedValues()``).
  let state: UncheckedLocked<State>

  /// What the store keeps between calls, from any task.
  struct State {
    /// The object of every row read or inserted, by primary key.
    var objects: [Int64: AnyObject] = [:]
    /// How the faults of the entity's rows are laid out, made on first read.
    var faultLayout: ObjectFaultLayout?
    /// The primary key of every object the store made or inserted.
    var keys: [ObjectIdentifier: Int64] = [:]
    /// Why a row's values do not all fit the object the app made for it (one that is no
    /// fault, which says so itself), by key: the object kept what it could not hold.
    var problems: [Int64: String] = [:]
    /// The object of every child row read or written, by table and primary key.
    var childObjects: [String: [Int64: AnyObject]] = [:]
    /// The primary key of every child object, in its own table.
    var childKeys: [ObjectIdentifier: Int64] = [:]
    /// The stores of the entities this one's relationships point at, kept alive by the store
    /// the app made, by table.
    var related: [String: PostgresStore] = [:]
    /// The task running the client's connection pool (the root store's; a related store
    /// uses its root's).
    var runner: Task<Void, Never>?
    /// Whether ``shutdown()`` ran: the store no longer listens.
    var isShutDown = false
    /// Objects whose rows are gone, so that a relationship still holding one does not make
    /// it again.
    var gone = GoneObjects()
    /// The task following other stores' changes, once something observes this one; a
    /// polling one stops when nothing observes it any more.
    var listener: Task<Void, Never>?
    /// How many times polling looked at the table.
    var looks = 0
    /// What lists are told of that task: live unless it lost its connection.
    var link = StoreLink.live
    /// Whether that task is listening now.
    var isListening = false
    /// Whether it has ever listened.
    var hasListened = false
    /// Counts writes of rows (this store's, and others' as they are announced).
    var writeClock = 0
    /// The write clock at each row's latest write.
    var lastWrites: [Int64: Int] = [:]
    /// The newest version of each row that its object holds or will take from `arrived`
    /// (the row's ``PostgresStore/versionColumn``): an older or equal read is dropped.
    var versions: [Int64: Int64] = [:]
    /// When each recently deleted row was deleted (the write clock, and the time, to forget
    /// it once no read begun before can still be running).
    var deleted: [Int64: (clock: Int, at: ContinuousClock.Instant)] = [:]
    /// The newest row read for each object already known, by key: held until a host's
    /// domain applies it (``applyArrivedValues()``), since a host may be reading the object.
    var arrived: [Int64: Record] = [:]
    /// What committed deletes did to this store's objects (their delete rules), held for a
    /// host's domain like `arrived`.
    var arrivedEffects: [ArrivedEffect] = []
    /// How many notifications the listening task has taken (``PostgresStore/OwnWrite``).
    var noticesTaken = 0
    /// Who reported each of this store's own inserts and moves whose notification has not
    /// been taken yet: the write itself, or its notification.
    var ownWrites: [Int64: OwnWrite] = [:]
    /// How long a read lasts at the most (the store's timeout), for ``sweep()``.
    let readTimeout: Duration
    /// How many objects make the next sweep (``sweep()``).
    var sweepAt = State.fewestSwept
    /// The write clock at each sweep, oldest first, until its time is settled.
    var clockMarks: [(clock: Int, at: ContinuousClock.Instant)] = []
    /// The write clock of the newest sweep long enough ago that every read begun before it
    /// has ended: a row last written at or before it has no older read still to come.
    var settledClock = -1
    /// How many entries of `lastWrites` make the next pruning of the settled ones.
    var writesPruneAt = State.fewestSwept
    /// Rows a list's page made new objects for from a read begun before their latest write:
    /// read again once the page is made (``PostgresStore/readListedRowsAgain()``).
    var staleListed: Set<Int64> = []
    /// The rows of this store's table that point at each row of another table (a to-one or
    /// a many-to-many), as last read, by that table and that row's key: whose lists to tell
    /// when another server changes the row (``PostgresStore/tellReferrers(of:)``).
    var referrers: [String: [Int64: Set<Int64>]] = [:]
    /// What a test runs between a page's query and the objects it makes.
    var afterPageRead: (@Sendable () async -> Void)?
    /// The sweep asked for by a list letting go, until it runs.
    var pendingSweep: Task<Void, Never>?
  }

  /// A delete rule's change to an object that pointed at a deleted one.
  enum ArrivedEffect {
    /// The many-to-many `property` of the object no longer holds `gone`.
    case unlink(AnyObject, property: String, gone: AnyObject)
    /// The to-one `property` of the object points at nothing.
    case nullify(AnyObject, property: String)
    /// The object's row is gone, and its children's rows with it: the store forgets the
    /// children it knows, reading which they are from the object on the domain.
    case forgetChildren(AnyObject)
  }

  public var supportsMoving: Bool { entity.positionColumn != nil }

  /// True: every change of a row, written here or by another server (as its notification
  /// brings it), is reported once its object holds it, and so is a row that points at a
  /// changed one. Lists draw their rows from the fetched values without observing them.
  public var reportsEveryChange: Bool { true }

  /// An update compares what Done expects under the row's lock (``ConflictCheck``).
  public var checksExpectedValues: Bool { true }

  /// A store of `entity` in the database a `postgres://user:password@host:port/database`
  /// address names. A `sslmode` parameter of `disable`, `prefer` (the default) or `require`
  /// says whether to use TLS.
  ///
  /// - Throws: An address that does not parse, or an entity whose names are not plain SQL
  ///   names. Nothing is sent to the server until the first operation.
  public convenience init(url: String, entity: PostgresEntity, timeout: Duration = .seconds(10))
    throws(StoreError)
  {
    try self.init(
      configuration: try PostgresAddress.configuration(from: url), entity: entity,
      timeout: timeout)
  }

  /// A store of `entity` over a client made from `configuration`.
  public convenience init(
    configuration: PostgresClient.Configuration, entity: PostgresEntity,
    timeout: Duration = .seconds(10)
  ) throws(StoreError) {
    try self.init(
      configuration: configuration, entity: entity, graph: PostgresStoreGraph(root: entity),
      timeout: timeout)
  }

  /// A store of `entity` whose graph holds `entities` too, and every entity they reach: the
  /// tables of a database made elsewhere (``PostgresDatabase``), which share one pool.
  package convenience init(
    configuration: PostgresClient.Configuration, entity: PostgresEntity,
    with entities: [PostgresEntity], timeout: Duration = .seconds(10)
  ) throws(StoreError) {
    for other in entities { try other.checkIdentifiers() }
    try self.init(
      configuration: configuration, entity: entity,
      graph: PostgresStoreGraph(root: entity, with: entities), timeout: timeout)
  }

  private init(
    configuration: PostgresClient.Configuration, entity: PostgresEntity,
    graph: PostgresStoreGraph, timeout: Duration
  ) throws(StoreError) {
    try entity.checkIdentifiers()
    self.entity = entity
    self.timeout = timeout
    self.origin = UUID().uuidString
    self.graph = graph
    self.channel = PostgresTriggers.channel(for: entity.table)
    self.place =
      configuration.unixSocketPath
      ?? "\(configuration.host ?? "?"):\(configuration.port ?? 5432)"
    self.logger = Logger(label: "trellis.postgres", factory: { _ in SwiftLogNoOpLogHandler() })
    // The server lists the store's connections under its name (pg_stat_activity), unless the
    // configuration names them itself.
    var configuration = configuration
    if !configuration.options.additionalStartupParameters.contains(where: {
      $0.0 == "application_name"
    }) {
      configuration.options.additionalStartupParameters.append(
        ("application_name", Self.applicationName(origin)))
    }
    let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
    self.client = client
    self.writeLimit = WriteLimit(capacity: configuration.options.maximumConnections - 4)
    self.state = UncheckedLocked(State(readTimeout: timeout))
    let runner = Task { await client.run() }
    state.withLock { $0.runner = runner }
    graph.register(self)
  }

  /// The store of `entity`, related to `root`'s: the same client, objects and writer's name.
  init(related entity: PostgresEntity, of root: PostgresStore) {
    self.entity = entity
    self.timeout = root.timeout
    self.origin = root.origin
    self.graph = root.graph
    self.channel = PostgresTriggers.channel(for: entity.table)
    self.place = root.place
    self.logger = root.logger
    self.client = root.client
    self.writeLimit = root.writeLimit
    self.state = UncheckedLocked(State(readTimeout: timeout))
    graph.register(self)
  }

  deinit {
    state.withLock { state in
      state.runner?.cancel()
      state.listener?.cancel()
    }
  }

  /// Stops the connection pool (and the related stores' listening); later operations fail.
  public func shutdown() {
    let related = state.withLock { state in
      state.isShutDown = true
      state.runner?.cancel()
      state.runner = nil
      state.listener?.cancel()
      state.listener = nil
      return Array(state.related.values)
    }
    for store in related { store.shutdown() }
  }

  /// Calls `handler` after every change: this store's writes at once, other stores' (on this
  /// server or another) when PostgreSQL announces them.
  public func observe(_ handler: @escaping @Sendable (StoreChange) -> Void) -> ObservationToken {
    let token = observers.add(handler)
    startFollowing()
    // A list that stops observing is letting go of its rows: once it has, those nothing else
    // holds leave the store.
    return ObservationToken { [weak self, state] in
      token.cancel()
      self?.stopPollingWhenUnobserved()
      state.sweepSoon()
    }
  }

  /// Calls `handler` whenever the listening connection is lost or back.
  ///
  /// A handler added while the link is down is told so at once: a list that starts during an
  /// outage would otherwise take the link for live, and not read its items again when it is
  /// back. Should the link come back meanwhile, the handler is told that too.
  public func observeLink(_ handler: @escaping @Sendable (StoreLink) -> Void)
    -> ObservationToken?
  {
    let added = linkObservers.add(handler)
    startFollowing()
    let current = link
    if current != .live {
      handler(current)
      if link == .live { handler(.live) }
    }
    return ObservationToken { [weak self] in
      added.cancel()
      self?.stopPollingWhenUnobserved()
    }
  }

  /// Whether changes made by other stores are arriving.
  public var link: StoreLink { state.withLock { $0.link } }

  /// Whether the listening connection is up (for tests that must not miss a notification).
  package var isListening: Bool { state.withLock { $0.isListening } }

  /// Whether the filter runs in SQL: searches, and predicates the PostgreSQL dialect writes
  /// with the same answers as in memory over the entity's columns.
  public func translates(_ filter: ItemFilter) -> Bool {
    (try? SQLQuery(FetchOptions(filter: filter), of: entity, keys: objectKeys))?.memoryFilter
      == nil
  }

  /// The object an item is, or an error naming what it is instead.
  ///
  /// A row read from the database is its fault, whose object need not exist; one the app
  /// inserted is its object.
  func storedObject(_ item: Value) throws(StoreError) -> AnyObject {
    guard case .object(let ref) = item else {
      throw .invalidItem("a PostgreSQL store holds objects, not \(item.type) values")
    }
    return ref.identity
  }

  /// The key-value coding of one of the entity's objects.
  func keyValueCoding(_ object: AnyObject) throws(StoreError) -> KeyValueCoding {
    guard let kvc = entity.definition.keyValueCoding(for: object) ?? (object as? KeyValueCoding)
    else {
      throw .invalidItem("a \(type(of: object)) is not a \(entity.definition.name)")
    }
    return kvc
  }

  /// The primary key of an object the store read or inserted.
  func key(of object: AnyObject) -> Int64? {
    let identity = ObjectFault.identity(of: object)
    return state.withLock { $0.keys[ObjectIdentifier(identity)] }
  }
}
