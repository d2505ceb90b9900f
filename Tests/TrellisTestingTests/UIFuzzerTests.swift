import Foundation
import Testing
import TrellisTesting

/// The fuzzer fails when it should, says how to replay a failure, and replays it.
@Suite("UI fuzzer")
struct UIFuzzerTests {
  /// A section that changes what its rows show when a row is tapped, without telling the
  /// model: the table keeps showing the old rows, which a fresh render does not.
  final class ForgetfulSection: Section {
    var taps = 0

    override var elementCount: Int { 3 }
    override func elementIDs() -> [RowID] { (0..<3).map { RowID(.int($0)) } }
    override func makeRow(at index: Int) -> Row {
      Row(id: RowID(.int(index)), text: "Row \(index), tapped \(taps) times")
    }
    override func select(elementAt index: Int, in screen: Screen) throws(ScreenError) -> Bool {
      taps += 1
      return true
    }
  }

  static let forgetful = FuzzTarget("forgetful") { _ in
    let model = TableModel(title: "Forgetful")
    model.addSection(ForgetfulSection(id: "rows"))
    return Navigator(root: Screen(model: model))
  }

  /// Rows that can be edited, deleted and moved, and refuse what does not fit.
  static let strings = FuzzTarget("strings") { _ in
    let model = TableModel(title: "Strings")
    for id in ["a", "b"] {
      let section = ContentSection(id: id, content: ["One", "Two", "Three"]) { text, row in
        row.text = text
      }
      section.rowDefaults = RowDefaults(isMovable: true, isDeletable: true)
      model.addSection(section)
    }
    return Navigator(root: Screen(model: model, navigationBar: .editRight))
  }

  @Test func aTableThatIsNotAFreshRenderFailsAtTheEventThatLeftItStale() throws {
    let report = UIFuzzer(seed: 3).run(Self.forgetful, events: 500)
    let failure = try #require(report.failure)
    guard case .mismatch(let violation, let screen) = failure.reason else {
      Issue.record("expected a mismatch, got \(failure.reason)")
      return
    }
    #expect(violation.rule == .staleContent)
    #expect(screen == "screen 1 of 1 \"Forgetful\"")
    #expect(failure.target == "forgetful")
    #expect(failure.seed == 3)
    #expect(failure.events == report.events)
    #expect(failure.events.count == failure.eventIndex + 1)
    // The first event that reached a row's selection is the one that fails.
    let tapped = failure.events.firstIndex { event in
      if case .send(.select(let id), false) = event {
        return (0..<3).map { RowID(.int($0)) }.contains(id)
      }
      return false
    }
    #expect(tapped == failure.eventIndex)
    #expect(failure.description.contains("seed 3, event \(failure.eventIndex)"))
    #expect(failure.description.contains("UIFuzzer(seed: 3).run(<\"forgetful\">"))
    #expect(failure.description.contains("\(failure.eventIndex): \(failure.events.last!)"))
  }

  @Test func aFailureReplaysFromItsSeedAndFromItsEvents() throws {
    let failure = try #require(UIFuzzer(seed: 11).run(Self.forgetful, events: 500).failure)
    let again = UIFuzzer(seed: failure.seed).run(Self.forgetful, events: failure.eventIndex + 1)
    #expect(again.failure == failure)
    let replayed = UIFuzzer.replay(failure.events, on: Self.forgetful, seed: failure.seed)
    #expect(replayed.failure == failure)
  }

  @Test func invalidEventsAreRefusedNotFailures() {
    let report = UIFuzzer(seed: 5).run(Self.strings, events: 2_000)
    #expect(report.failure == nil, "\(report.failure.map(String.init(describing:)) ?? "")")
    #expect(report.events.count == 2_000)
    #expect(report.refusals > 100)
    #expect(report.refusals < 1_900)
  }

  @Test func theSameSeedPlaysTheSameEvents() {
    // Compared as text: NaN is not equal to itself, and each run makes its own objects.
    func events(_ fuzzer: UIFuzzer) -> [String] {
      fuzzer.run(Self.strings, events: 300).events.map(\.description)
    }
    let first = events(UIFuzzer(seed: 99))
    let fuzzer = UIFuzzer(seed: 99)
    #expect(events(fuzzer) == first)
    #expect(events(fuzzer) == first, "a second run too")
    #expect(events(UIFuzzer(seed: 100)) != first)
  }

  @Test func eventsOfEveryKindArePlayed() {
    let events = UIFuzzer(seed: 9).run(Self.strings, events: 3_000).events
    func count(_ matches: (FuzzEvent) -> Bool) -> Int { events.filter(matches).count }
    #expect(count { if case .drag = $0 { true } else { false } } > 0)
    #expect(count { if case .enter = $0 { true } else { false } } > 0)
    for probe: ScreenEvent in [
      .select(RowID(.int(0))), .setValue(RowID(.int(0)), .null), .delete(RowID(.int(0))),
      .move(RowID(.int(0)), to: ItemPath(item: 0, section: 0)),
      .add(section: nil), .setEditing(true), .done, .cancel, .back, .search(""),
      .loadMore(section: 0), .refresh, .takeTheirs,
    ] {
      #expect(count { Self.sameKind($0, probe) } > 0, "\(probe)")
    }
  }

  @Test func aTargetThatDoesNotStartIsAFailure() throws {
    struct Broken: Error {}
    let target = FuzzTarget("broken") { _ in throw Broken() }
    let failure = try #require(UIFuzzer(seed: 1).run(target, events: 10).failure)
    #expect(failure.eventIndex == -1)
    #expect(failure.events.isEmpty)
    if case .setup = failure.reason {} else { Issue.record("\(failure.reason)") }
    let summary = FuzzCampaign(seed: 1).run(target, events: 1_000)
    #expect(summary.failures.count == 1, "a target that cannot start fails once")
  }

  @Test func aCampaignSharesEventsAmongTargetsInShortRuns() {
    let campaign = FuzzCampaign(seed: 4, runLength: 100)
    var heard: [String] = []
    let summary = campaign.run([Self.strings, Self.strings], events: 1_001) { target, part in
      heard.append("\(target.name) \(part.events)")
    }
    #expect(heard == ["strings 501", "strings 500"])
    #expect(summary.events == 1_001)
    #expect(summary.runs == 11)
    #expect(summary.failures.isEmpty)
    #expect(campaign.seed(ofRun: 0, target: "a") != campaign.seed(ofRun: 1, target: "a"))
    #expect(campaign.seed(ofRun: 0, target: "a") != campaign.seed(ofRun: 0, target: "b"))
    #expect(
      campaign.seed(ofRun: 3, target: "a") == FuzzCampaign(seed: 4).seed(ofRun: 3, target: "a"))
    #expect(
      FuzzCampaign(seed: 5).seed(ofRun: 0, target: "a") != campaign.seed(ofRun: 0, target: "a"))
  }

  @Test func eventsDescribeThemselvesShortly() {
    let long = String(repeating: "x", count: 500)
    let event = FuzzEvent.send(
      .setValue(RowID(.string("Two")), .string(long)), onDetail: true)
    #expect(
      event.description
        == "detail: setValue(Two, .string(\"xxxxxxxxxxxxxxxxxxxxxxxx\"…(500 characters)))")
    #expect(
      FuzzEvent.enter(.number(2.5), at: ItemPath(item: 0, section: 0), onDetail: false).description
        == "enter(.number(2.5), at: [0, 0])")
    #expect(
      FuzzEvent.drag(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 1, section: 2))
        .description
        == "drag(from: [0, 0], to: [2, 1])")
  }

  /// Whether `event` sends a screen event of the same case as `probe`.
  static func sameKind(_ event: FuzzEvent, _ probe: ScreenEvent) -> Bool {
    guard case .send(let sent, _) = event else { return false }
    switch (sent, probe) {
    case (.select, .select), (.setValue, .setValue), (.delete, .delete), (.move, .move),
      (.add, .add), (.setEditing, .setEditing), (.done, .done), (.cancel, .cancel),
      (.back, .back), (.search, .search), (.loadMore, .loadMore), (.refresh, .refresh),
      (.takeTheirs, .takeTheirs):
      return true
    default: return false
    }
  }

  #if os(Linux)
    /// A section whose rows trap when tapped, unless `traps` is off.
    final class TrappingSection: Section {
      let traps: Bool
      init(traps: Bool) {
        self.traps = traps
        super.init(id: "rows")
      }
      override var elementCount: Int { 2 }
      override func elementIDs() -> [RowID] { [RowID(.int(0)), RowID(.int(1))] }
      override func makeRow(at index: Int) -> Row { Row(id: RowID(.int(index)), text: "Trap") }
      override func select(elementAt index: Int, in screen: Screen) throws(ScreenError) -> Bool {
        if traps { fatalError("tapped a trap") }
        return true
      }
    }

    static func trap(traps: Bool) -> FuzzTarget {
      FuzzTarget("trap") { _ in
        let model = TableModel(title: "Trap")
        model.addSection(TrappingSection(traps: traps))
        return Navigator(root: Screen(model: model))
      }
    }

    /// A trap ends the process, yet the seed and the event of the run are printed: the test
    /// runs itself in a second process, whose run traps.
    @Test func aTrapPrintsTheRunInProgress() async throws {
      let environment = ProcessInfo.processInfo.environment
      if environment["TRELLIS_FUZZ_TRAP_CHILD"] != nil {
        _ = UIFuzzer(seed: 7).run(Self.trap(traps: true), events: 500)
        return
      }
      var childEnvironment = environment
      childEnvironment["TRELLIS_FUZZ_TRAP_CHILD"] = "1"
      childEnvironment["SWIFT_BACKTRACE"] = "enable=no"
      let child = try await ChildProcess.run(
        URL(fileURLWithPath: "/proc/self/exe"),
        arguments: [
          "--testing-library", "swift-testing", "--filter", "aTrapPrintsTheRunInProgress",
        ],
        environment: childEnvironment, timeout: 120)
      #expect(!child.timedOut)
      #expect(child.status != 0, "the child traps")
      let line = child.errors.split(separator: "\n").first { $0.contains("UI fuzzer run") }
      let report = try #require(line.map(String.init), "\(child.errors.suffix(2_000))")
      #expect(report.contains("target \"trap\", seed 7"))
      #expect(report.contains("UIFuzzer(seed: 7).run(<\"trap\">, events: N + 1)"))
      let event = try #require(report.split(separator: " ").last.flatMap { Int($0) })
      // The event named is the first tap of a row: the same seed plays the same events on
      // rows that do not trap.
      let events = UIFuzzer(seed: 7).run(Self.trap(traps: false), events: 500).events
      let tap = events.firstIndex { event in
        if case .send(.select(let id), false) = event {
          return (0..<2).map { RowID(.int($0)) }.contains(id)
        }
        return false
      }
      #expect(tap == event)
    }
  #endif
}
