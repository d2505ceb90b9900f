/// The steps waiting for the hub: how a message joins them, and what is left when the page
/// goes.
extension PageSocketHandler {
  /// Adds `message` to the waiting `steps`, after a sign-in check when `checkingSignIn` says
  /// one is due; false, adding nothing, when the page sent more at once than a page does.
  ///
  /// A search (or window, or layout) still waiting is replaced by the next one: typing fast,
  /// or a flood, costs one search per turn of the hub, not one per message. One read of the
  /// socket may hold thousands of small messages; more than ``mostWaitingSteps`` waiting is a
  /// client flooding the server.
  static func enqueue(
    _ message: Result<ClientMessage, WebProtocolError>, onto steps: inout [Step],
    checkingSignIn: () -> Bool
  ) -> Bool {
    if case .success(let new) = message, case .message(.success(let earlier))? = steps.last,
      new.replaces(earlier)
    {
      steps[steps.count - 1] = .message(message)
      return true
    }
    guard steps.count < mostWaitingSteps else { return false }
    if checkingSignIn() { steps.append(.checkSignIn) }
    steps.append(.message(message))
    return true
  }

  /// The waiting `steps` once the socket closed, ending with closing the session. What only
  /// changed the page goes with it (a flood of searches would otherwise run on after the
  /// page left); edits still waiting are kept, so that a value sent as the page closed is
  /// stored.
  static func closeSession(after steps: inout [Step]) {
    steps.removeAll { step in
      switch step {
      case .message(.success(let message)): message.onlyChangesThePage
      case .message(.failure), .checkSignIn: true
      case .attach, .close: false
      }
    }
    steps.append(.close)
  }
}
