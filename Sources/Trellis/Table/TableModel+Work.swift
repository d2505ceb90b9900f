extension TableModel {
  /// Runs `operation` in the background (a store's request, say) and `completion` with its
  /// result on the model's domain, the next time the model processes changes, which its
  /// finishing wakes. A model that is gone by then runs nothing.
  package func perform(
    _ operation: @escaping @Sendable () async throws(StoreError) -> Void,
    then completion: @escaping (Result<Void, StoreError>) -> Void
  ) {
    let outcome = WorkOutcome()
    pendingWork.append((outcome, completion))
    let sink = invalidation
    Task {
      let result: Result<Void, StoreError>
      do throws(StoreError) {
        try await operation()
        result = .success(())
      } catch {
        result = .failure(error)
      }
      outcome.finish(result)
      sink.noteWorkFinished()
    }
  }

  /// Whether anything the model waits for is under way: an operation, or a load or write of
  /// an async store's list. Tests wait for this to end before they look.
  package var hasWorkUnderWay: Bool {
    !pendingWork.isEmpty
      || sections.contains {
        ($0 as? ArrayOfObjectsSection)?.loadingSection.asyncCache?.isBusy ?? false
      }
  }

  /// Runs the completions of the operations that finished, in the order they were started.
  func runFinishedWork() {
    // Cleared first: an operation finishing during the scan sets it again, and wakes.
    invalidation.clearWorkFinished()
    guard !pendingWork.isEmpty else { return }
    var remaining: [(WorkOutcome, (Result<Void, StoreError>) -> Void)] = []
    var finished: [(Result<Void, StoreError>, (Result<Void, StoreError>) -> Void)] = []
    for (outcome, completion) in pendingWork {
      if let result = outcome.result {
        finished.append((result, completion))
      } else {
        remaining.append((outcome, completion))
      }
    }
    pendingWork = remaining
    for (result, completion) in finished { completion(result) }
  }
}

/// The result of one background operation, set from its task and read on the model's domain.
final class WorkOutcome: Sendable {
  private let stored = Locked<Result<Void, StoreError>?>(nil)

  func finish(_ result: Result<Void, StoreError>) { stored.withLock { $0 = result } }

  var result: Result<Void, StoreError>? { stored.withLock { $0 } }
}

extension TableModel {
  /// An async store whose rows for known objects the model applies (``followArrivals(of:)``).
  struct ArrivalSource {
    let store: any AsyncDataStore
    /// Set when the store reported something since the model last looked.
    let reported: StaleFlag
    let token: ObservationToken
  }

  /// Follows the rows `cache`'s store reads again for known objects: each report of the store
  /// wakes the model, which applies them on its own domain and renders its rows again (an
  /// object that is not observable tells no row it changed).
  ///
  /// A detail screen over an item of an async store needs this: another window's or another
  /// server's edit of the item reaches its object only where a list takes what arrived, and
  /// the list under the detail screen may not be processing while it is covered. Values a
  /// person typed stay: a row shows its pending edit before the object's value.
  package func followArrivals(of cache: AsyncStoreCache) {
    let sink = invalidation
    let reported = StaleFlag()
    let token = cache.observe { _ in
      reported.set()
      sink.noteWorkFinished()
    }
    arrivalSources.append(ArrivalSource(store: cache.source, reported: reported, token: token))
  }

  /// Applies what the followed stores read since they last reported, and marks every row
  /// stale when one did.
  func applyArrivals() {
    for source in arrivalSources {
      guard source.reported.take() else { continue }
      source.store.applyArrivedValues()
      invalidateAll()
    }
  }
}
