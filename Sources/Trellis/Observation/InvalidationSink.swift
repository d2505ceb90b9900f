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
  /// Sections whose stores reported changes, for them to sort out on the model's domain.
  private var noted: Set<ObjectIdentifier> = []
  private var wake: (@Sendable () -> Void)?

  /// Sets what to call when something becomes stale.
  func setWake(_ wake: (@Sendable () -> Void)?) {
    lock.withLock { self.wake = wake }
  }

  /// Records a stale row; wakes the owner only when nothing was stale yet, so that many
  /// changes before the owner processes them cost one wake.
  func invalidateRow(_ row: RowID, in section: ObjectIdentifier) {
    let wake = lock.withLock { () -> (@Sendable () -> Void)? in
      let wasEmpty = isEmptyLocked
      staleRows[section, default: []].insert(row)
      return wasEmpty ? self.wake : nil
    }
    wake?()
  }

  /// Records a stale section; wakes the owner only when nothing was stale yet.
  func invalidateSection(_ section: ObjectIdentifier) {
    let wake = lock.withLock { () -> (@Sendable () -> Void)? in
      let wasEmpty = isEmptyLocked
      staleSections.insert(section)
      return wasEmpty ? self.wake : nil
    }
    wake?()
  }

  /// Records that the store of `section` reported changes; the section decides, when the model
  /// processes changes, which rows they make stale. Wakes like the others.
  func noteStoreChange(in section: ObjectIdentifier) {
    let wake = lock.withLock { () -> (@Sendable () -> Void)? in
      let wasEmpty = isEmptyLocked
      noted.insert(section)
      return wasEmpty ? self.wake : nil
    }
    wake?()
  }

  /// The sections whose stores reported changes, kept until ``take()``: what they make stale
  /// meanwhile wakes no one, since the owner is already processing.
  var notedSections: Set<ObjectIdentifier> { lock.withLock { noted } }

  /// Takes everything recorded so far.
  func take() -> (rows: [ObjectIdentifier: Set<RowID>], sections: Set<ObjectIdentifier>) {
    lock.withLock {
      defer {
        staleRows = [:]
        staleSections = []
        noted = []
      }
      return (staleRows, staleSections)
    }
  }

  var isEmpty: Bool { lock.withLock { isEmptyLocked } }

  private var isEmptyLocked: Bool { staleRows.isEmpty && staleSections.isEmpty && noted.isEmpty }
}
