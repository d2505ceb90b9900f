/// The serial domain that the hubs of one or more apps run on: one executor, so that apps
/// that share objects (a store, say) never touch them at once.
///
/// A ``WebServer`` makes one domain per distinct ``WebApp/domain`` name; each app's hub runs
/// its sessions, its APIs' store calls and ``WebServer/perform(onApp:_:)`` on its domain's
/// executor, and apps on different domains run side by side.
actor WebDomain {
  /// The name apps give it.
  nonisolated let name: String

  init(name: String) {
    self.name = name
  }
}
