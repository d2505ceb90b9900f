import Foundation
import Observation
import Testing
import TrellisExamples
import TrellisSettings
import TrellisTesting

@testable import Trellis

/// Windows over objects that every window shares come and go, as a web app's sessions do:
/// what their rows' tracked reads left with Observation is let go of, so a closed window
/// leaves nothing alive for long, and an open window still shows every change and is sent
/// nothing when the reads are let go of.
///
/// A closed window's invalidation sink stays alive exactly as long as a registration it made
/// does: counting the sinks still alive counts the windows whose reads were not let go of.
@Suite("Closed screens' observations")
struct ClosedScreenObservationsTests {
  init() { _ = TemporaryConfigHome.url }

  static let windows = 3_000

  /// Opens and drops `windows` windows made by `make`; returns how many of their sinks live,
  /// and the most windows a release may leave alive while they were made.
  static func closedSinksAlive(_ make: () throws -> Navigator) rethrows -> (
    alive: Int, mostAlive: Int
  ) {
    final class Weak { weak var sink: InvalidationSink? }
    var sinks: [Weak] = []
    var mostOpen = 0
    for _ in 0..<windows {
      let navigator = try make()
      _ = HeadlessApp(navigator: navigator).texts
      let weak = Weak()
      weak.sink = navigator.top.model.invalidation
      sinks.append(weak)
      mostOpen = max(mostOpen, ClosedScreenObservations.shared.openReads)
    }
    return (sinks.count { $0.sink != nil }, mostAlive(mostOpen: mostOpen))
  }

  /// A fifth of the windows: far above what releases leave, and far below all of them. Other
  /// suites' open models count too, and a release waits for as many closed reads as open
  /// ones, so the bound grows with the most open reads seen, short of every window.
  static func mostAlive(mostOpen: Int) -> Int {
    let least = ClosedScreenObservations.least
    return min(windows - 1, windows / 5 * max(least, mostOpen) / least)
  }

  @Test func listsOfSharedObservableObjects() async throws {
    let (store, definition) = try ThemeExample.store()
    let open = HeadlessApp(
      navigator: Navigator(root: try ThemeExample.screen(store: store, definition: definition)))
    let releases = ClosedScreenObservations.shared.releases
    let (alive, mostAlive) = try Self.closedSinksAlive {
      Navigator(root: try ThemeExample.screen(store: store, definition: definition))
    }
    #expect(alive < mostAlive)
    #expect(ClosedScreenObservations.shared.releases > releases)
    // The open window drew its rows again, the same: its host was sent no change.
    try await open.settle()
    #expect(open.host.changesets.allSatisfy { $0.isEmpty })
    guard case .object(let reference) = try store.fetch(FetchOptions())[0] else {
      Issue.record("the days are objects")
      return
    }
    (reference.object as? WeekDay)?.name = "Monday"
    try await open.settle(until: { open.texts.first?.first == "Monday" })
  }

  @Test func settingsEveryWindowShares() async throws {
    let suite = try UserDefaultsStore(suiteName: UserDefaultsStoreTests.suiteName())
    let settings = SettingsApp.settings(in: suite)
    let open = HeadlessApp(navigator: Navigator(root: try SettingsApp.screen(for: settings)))
    let releases = ClosedScreenObservations.shared.releases
    let (alive, mostAlive) = try Self.closedSinksAlive {
      Navigator(root: try SettingsApp.screen(for: settings))
    }
    #expect(alive < mostAlive)
    #expect(ClosedScreenObservations.shared.releases > releases)
    try await open.settle()
    try settings.setValue("after", forKey: "username")
    try await open.settle(until: { open.row("Username")?.fieldText == "after" })
  }

  @Test func aGameEveryWindowShows() async throws {
    let game = GoFishGame.seedExample()
    let open = HeadlessApp(navigator: GoFishTable.playableNavigator(for: game))
    let releases = ClosedScreenObservations.shared.releases
    let (alive, mostAlive) = Self.closedSinksAlive { GoFishTable.playableNavigator(for: game) }
    #expect(alive < mostAlive)
    #expect(ClosedScreenObservations.shared.releases > releases)
    try await open.settle()
    let before = open.texts
    game.playTurn()
    try await open.settle(until: { open.texts != before })
  }
}
