import Foundation
import PostgresNIO
import Trellis

/// Other servers' writes, as this store's changes: the store `LISTEN`s on its table's channel
/// (``PostgresTriggers``) and turns each notification into a ``StoreChange``, so open lists
/// update through the ordinary pipeline.
extension PostgresStore {
  /// The words a list shows while the listening connection is down.
  static let reconnectingMessage = "Reconnecting to the database…"

  /// Starts following the table's notifications, once; nothing when the store is shut down.
  func startListening() {
    state.withLock { state in
      guard state.listener == nil, !state.isShutDown else { return }
      let store = WeakStore(self)
      if let interval = entity.pollInterval {
        state.listener = Task { await Self.poll(store, every: interval) }
      } else {
        state.listener = Task { await Self.follow(store) }
      }
    }
  }

  /// Starts following the table's notifications and those of the tables its relationships
  /// point at, whose objects its own hold (``tellReferrers(of:)``): for an observer.
  func startFollowing() {
    startListening()
    for store in referencedStores() { store.startListening() }
  }

  /// Listens until cancelled: when the connection drops, the link says so and the store tries
  /// again, sooner at first and then every two seconds.
  private static func follow(_ weak: WeakStore) async {
    var delay = Duration.milliseconds(50)
    while !Task.isCancelled {
      guard let store = weak.store else { return }
      let listened = await store.listenOnce()
      guard !Task.isCancelled else { return }
      if listened { delay = .milliseconds(50) }
      store.linkChanged(.reconnecting(reconnectingMessage))
      try? await Task.sleep(for: delay)
      delay = Swift.min(delay * 2, .seconds(2))
    }
  }

  /// One listening connection, until it drops; whether it got as far as listening.
  private func listenOnce() async -> Bool {
    // A short query first: it fails within the timeout when the server is down, where
    // waiting for a pooled connection would not.
    do { try await perform { _ in } } catch { return false }
    var listened = false
    do {
      try await client.withOpenConnection { connection in
        try await connection.listen(on: self.channel) { notifications in
          listened = true
          self.listening()
          try await Self.$listeningConnection.withValue(connection) {
            for try await notification in notifications {
              await self.receive(notification.payload)
            }
          }
        }
      }
    } catch {}
    state.withLock { $0.isListening = false }
    return listened
  }

  /// The connection listens: the link is live. Lists read their items again the first time,
  /// as they may have read them before anything listened (and again after every outage,
  /// through the link).
  private func listening() {
    let first: Bool = state.withLock { state in
      defer {
        state.isListening = true
        state.hasListened = true
      }
      return !state.hasListened
    }
    // Notifications sent while it was down are lost: lists read their items again.
    state.withLock { $0.ownWrites = [:] }
    linkChanged(.live)
    if first { observers.notify(.reset) }
  }

  /// How often a store whose table's triggers were removed looks at the table.
  static let fallbackPollInterval = Duration.seconds(1)

  /// Looks at the table from now on, as at a table without triggers, since another program
  /// removed them: the lists read their items again, in case a change came meanwhile.
  private func fallBackToPolling() {
    let store = WeakStore(self)
    let listening = state.withLock { state -> Task<Void, Never>? in
      guard !state.isShutDown else { return nil }
      // Detached: a task made here would inherit the listening connection (a task-local),
      // which ends with the listening, and look through it in vain.
      defer {
        state.listener = Task.detached {
          await Self.poll(store, every: Self.fallbackPollInterval)
        }
      }
      return state.listener
    }
    observers.notify(.reset)
    // The listening task is the one running this: it ends at its next turn.
    listening?.cancel()
  }

  /// Records the link and tells its observers when it changed.
  func linkChanged(_ link: StoreLink) {
    let changed: Bool = state.withLock { state in
      defer { state.link = link }
      return state.link != link
    }
    if changed { linkObservers.notify(link) }
  }

  /// Applies one notification: skips this store's own writes, reads an inserted or updated
  /// row (only when something shows it, for an update), and reports the change by identity.
  func receive(_ payload: String) async {
    guard let notice = PostgresTriggers.Notice(payload: payload) else {
      // Not a notice of ours: anything may have changed.
      return observers.notify(.reset)
    }
    state.withLock { $0.noticesTaken += 1 }
    if notice.op == PostgresTriggers.removedOp { return fallBackToPolling() }
    if notice.origin == origin {
      guard notice.op == "INSERT" || notice.op == "MOVE", let id = notice.id else { return }
      return await receiveOwn(notice.op, row: id)
    }
    switch notice.op {
    case "MOVE":
      guard let id = notice.id, let object = state.withLock({ $0.objects[id] }) else {
        return observers.notify(.reset)
      }
      await reportPlace(of: object, row: id, inserted: false)
    case "DELETE":
      guard let id = notice.id else { return }
      reportGone(id)
    case "INSERT", "UPDATE":
      guard let id = notice.id else { return observers.notify(.reset) }
      let (known, version) = state.withLock { state in
        let known = state.objects[id] != nil
        // Nothing shows the row, but a list's read begun before this update may be about to:
        // the write is noted in the same step, so that such a read is read again.
        if notice.op == "UPDATE" && !known { state.noteWrite(id) }
        return (known, state.versions[id])
      }
      if notice.op == "UPDATE" && !known { return }
      // The object already has this version of the row, or a newer one.
      if let version, let announced = notice.version, announced <= version { return }
      // Reads begun before this one must not bring the row's old values back.
      noteWrite(id)
      let object: AnyObject
      do {
        guard let record = try await record(id) else { return reportGone(id) }
        object = try materialize(record)
      } catch {
        // The row could not be read: the lists read theirs again.
        return observers.notify(.reset)
      }
      guard notice.op == "INSERT" else {
        observers.notify(.updated(.object(ObjectReference(object))))
        return tellReferrers(of: id)
      }
      await reportPlace(of: object, row: id, inserted: true)
    default:
      observers.notify(.reset)
    }
  }

  /// Reports where row `id`, whose object is `object`, is now, after the row the store reads
  /// before it now: inserted there, or moved there; lists read theirs again when that read
  /// fails.
  func reportPlace(of object: AnyObject, row id: Int64, inserted: Bool) async {
    let item = Value.object(ObjectReference(object))
    guard let place = await predecessor(of: id) else { return observers.notify(.reset) }
    // Deleted since: reported as such, in case its own notification was lost with a
    // connection; a late place must not bring the row back at the top of the lists.
    if place == .gone { return reportGone(id) }
    let previous = place.previous
    if inserted {
      return report(await insertion(of: item, after: previous), about: object, row: id)
    }
    guard let previous else { return report(.moved(item, after: nil), about: object, row: id) }
    guard let after = await placeItem(previous) else { return observers.notify(.reset) }
    report(.moved(item, after: after), about: object, row: id)
  }

  /// Forgets the object of deleted row `id`, and tells the lists that showed it.
  func reportGone(_ id: Int64) {
    reportDeletion { forget(id).map { .deleted(.object(ObjectReference($0))) } }
  }

  /// Forgets the object of a deleted row; `nil` when the store never made one.
  private func forget(_ id: Int64) -> AnyObject? {
    let object: AnyObject? = state.withLock { state in
      Self.noteDeleted(id, in: &state, keepingFor: timeout)
      guard let object = state.objects.removeValue(forKey: id) else { return nil }
      state.keys[ObjectIdentifier(object)] = nil
      return object
    }
    if let object {
      rememberGone(object)
      // Which children it had is read from the object on the domain.
      state.withLock { $0.arrivedEffects.append(.forgetChildren(object)) }
    }
    return object
  }

  /// The row whose key is `id`, read now; `nil` when it is gone.
  func record(_ id: Int64) async throws(StoreError) -> Record? {
    try await records(try rowStatement(id)).first
  }
}

/// The store a listening or polling task follows, without keeping it alive between
/// connections.
struct WeakStore: Sendable {
  weak var store: PostgresStore?
  init(_ store: PostgresStore) { self.store = store }
}
