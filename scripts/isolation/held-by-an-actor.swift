// expect: compiles
// A host owns its navigator on its own domain (the web host's hub is such an actor, the UIKit
// host is the main actor), and what leaves it is Sendable.
import Trellis

actor Host {
  let navigator = Navigator(root: Screen(model: TableModel()))
  var changes = 0
  var observation: ObservationToken?

  /// The handler is isolated to the host, which the model belongs to: it runs there.
  func follow() {
    observation = navigator.top.model.observe { _ in self.changes += 1 }
  }

  func snapshot() -> ScreenSnapshot { navigator.top.snapshot() }
}

func read() async -> ScreenSnapshot {
  let host = Host()
  await host.follow()
  return await host.snapshot()
}
