import Foundation

/// Where observation reports what became stale, from whatever thread changed it.
///
/// `withObservationTracking` calls back before the change lands, on the changing thread; the
/// sink only records what is stale and wakes the model's owner, which re-renders later on the
/// model's own isolation domain.
final class InvalidationSink: @unchecked Sendable {
  private let lock = NSLock()
  private var staleRows: [ObjectIdentifier: Set<RowID>] = [:]
  private var staleSections: Set<ObjectIdentifier> = []
  private var wake: (@Sendable () -> Void)?

  /// Sets what to call when something becomes stale.
  func setWake(_ wake: (@Sendable () -> Void)?) {
    lock.withLock { self.wake = wake }
  }

  func invalidateRow(_ row: RowID, in section: ObjectIdentifier) {
    let wake = lock.withLock { () -> (@Sendable () -> Void)? in
      staleRows[section, default: []].insert(row)
      return self.wake
    }
    wake?()
  }

  func invalidateSection(_ section: ObjectIdentifier) {
    let wake = lock.withLock { () -> (@Sendable () -> Void)? in
      staleSections.insert(section)
      return self.wake
    }
    wake?()
  }

  /// Takes everything recorded so far.
  func take() -> (rows: [ObjectIdentifier: Set<RowID>], sections: Set<ObjectIdentifier>) {
    lock.withLock {
      defer {
        staleRows = [:]
        staleSections = []
      }
      return (staleRows, staleSections)
    }
  }

  var isEmpty: Bool { lock.withLock { staleRows.isEmpty && staleSections.isEmpty } }
}
