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

  /// How many operations started with ``perform(_:then:)`` have not run their completion.
  package var pendingWorkCount: Int { pendingWork.count }

  /// Whether anything the model waits for is under way: an operation, or a load or write of
  /// an async store's list. Tests wait for this to end before they look.
  package var hasWorkUnderWay: Bool {
    !pendingWork.isEmpty
      || sections.contains { ($0 as? ArrayOfObjectsSection)?.asyncCache?.isBusy ?? false }
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
