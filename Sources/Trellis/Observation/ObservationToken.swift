/// Keeps an observation alive: of a model, a navigator or a store. Cancel it, or let it go, to
/// stop observing.
public final class ObservationToken: Sendable {
  private let cancelHandler: Locked<(@Sendable () -> Void)?>

  /// Wraps what stops the observation; it runs once.
  public init(_ cancel: @escaping @Sendable () -> Void) {
    cancelHandler = Locked(cancel)
  }

  /// Stops observing.
  public func cancel() {
    let cancel = cancelHandler.withLock { handler in
      defer { handler = nil }
      return handler
    }
    cancel?()
  }

  deinit { cancel() }
}
