import Testing
import TrellisTesting

/// The headless host's check of stale content: a row another thread changed after the model
/// rendered it is stale until the model catches up, and a failure only if it never does.
@Suite("Headless host")
struct HeadlessHostTests {
  /// One row that shows `label`.
  final class LabelSection: Section {
    var label = "old"

    override var elementCount: Int { 1 }
    override func elementIDs() -> [RowID] { [RowID(.int(0))] }
    override func makeRow(at index: Int) -> Row { Row(id: RowID(.int(0)), text: label) }
  }

  /// A model whose row changes right after the next changeset is rendered, before the host
  /// compares its table with a fresh render: what a store's background task can do.
  struct Race {
    let model = TableModel(title: "Race")
    let section = LabelSection(id: "label")
    let host: HeadlessHost
    private let token: ObservationToken

    /// - Parameter tells: Whether the change is reported to the model, as a store does after
    ///   it changes a value.
    init(tells: Bool, settleTimeout: Duration) {
      model.addSection(section)
      var armed = false
      let section = section
      let model = model
      // Observers hear changesets in the order they were added: this one before the host.
      token = model.observe { _ in
        guard armed else { return }
        armed = false
        section.label = "changed meanwhile"
        if tells { section.setNeedsRefresh() }
      }
      host = HeadlessHost(model: model)
      host.settleTimeout = settleTimeout
      section.label = "new"
      section.setNeedsRefresh()
      armed = true
      _ = token
    }
  }

  @Test func aRowChangedAfterItWasRenderedAndThenReportedIsNotAViolation() throws {
    let race = Race(tells: true, settleTimeout: .seconds(2))
    race.model.processChanges()
    try race.host.check()
    #expect(race.host.texts == [["changed meanwhile"]])
    #expect(race.host.violations.isEmpty)
  }

  @Test func aRowChangedAndNeverReloadedIsStaleContent() {
    let race = Race(tells: false, settleTimeout: .milliseconds(50))
    race.model.processChanges()
    #expect(race.host.texts == [["new"]])
    #expect(throws: ContractViolation.self) { try race.host.check() }
    #expect(race.host.violations.map(\.rule) == [.staleContent])
    #expect(race.host.texts == [["new"]], "nothing reloaded the row")
  }

  @Test func withoutTimeToSettleStaleContentFailsAtOnce() {
    let race = Race(tells: true, settleTimeout: .zero)
    race.model.processChanges()
    // The check processes the reported change, and only then compares: the row settles.
    #expect(throws: Never.self) { try race.host.check() }
    let never = Race(tells: false, settleTimeout: .zero)
    never.model.processChanges()
    #expect(never.host.violations.map(\.rule) == [.staleContent])
  }
}
