extension WebAppHub {
  /// Schedules the app's refresh (``WebApp/refresh``), when it has one that is not scheduled
  /// already.
  func startRefreshing() {
    guard let refresh = app.refresh, !isRefreshing else { return }
    isRefreshing = true
    scheduleRefresh(after: refresh.interval)
  }

  private func scheduleRefresh(after interval: Duration) {
    domain.run(at: .now + interval) { [weak self] in
      self?.assumeIsolated { $0.refreshNow() }
    }
  }

  /// Runs the refresh and shows every session what it changed, then schedules the next; with
  /// no session open, stops until one opens.
  private func refreshNow() {
    guard let refresh = app.refresh, !sessions.isEmpty else {
      isRefreshing = false
      return
    }
    refresh.run()
    deliverPendingChanges()
    scheduleRefresh(after: refresh.interval)
  }
}
