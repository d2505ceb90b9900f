import Observation
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting
import TrellisValues

/// A fault makes its observation registrar only for a read that observation may track: a row
/// that a list only shows costs none, and a change is still heard by every observed read.
@Suite("Faults observed only when read under observation")
struct ObjectFaultObservationTests {
  static func faults(of section: ArrayOfObjectsSection) -> [ObjectFault] {
    section.items.compactMap { ObjectFaultTests.reference($0)?.fault }
  }

  @Test func rowsAListOnlyShowsMakeNoRegistrarOnAnyPage() throws {
    let store = try ObjectFaultTests.store(4_000)
    let app = try ObjectFaultTests.app(store, batch: 1_000)
    // Three more pages, each appended to the rows already shown.
    for _ in 0..<3 { try app.send(.loadMore(section: 0)) }
    let rows = app.host.rows(inSection: 0)
    #expect(rows.count == 4_000)
    #expect(rows[3_999].text == "Item 3999" && rows[3_999].detail == "3999")
    let section = try #require(
      app.navigator.top.model.sections.first as? ArrayOfObjectsSection)
    let faults = Self.faults(of: section)
    #expect(faults.count == 4_000)
    #expect(faults.count(where: \.isObservable) == 0, "the rows read no fault under observation")
    #expect(app.host.violations.isEmpty)
  }

  @Test func aRowShownWithoutARegistrarStillShowsAnotherConnectionsWrite() throws {
    let store = try ObjectFaultTests.store(3)
    let app = try ObjectFaultTests.app(store, batch: 50)
    try ObjectFaultTests.rename("Elsewhere", rank: 2, in: store)
    try app.send(.refresh)
    #expect(app.texts == [["Item 0", "Item 1", "Elsewhere"]])
    #expect(app.host.violations.isEmpty)
  }

  @Test func aChangeBeforeAnyObservedReadIsSeenByTheFirst() throws {
    let store = try ObjectFaultTests.store(2)
    let fault = try #require(
      ObjectFaultTests.reference(try store.fetch(FetchOptions())[1])?.fault)
    try ObjectFaultTests.rename("Elsewhere", rank: 1, in: store)
    _ = try store.fetch(FetchOptions())
    #expect(!fault.isObservable)
    // The first observed read sees the change, and hears of the next one.
    var first: Value?
    let told = try ObjectFaultTests.isTold(reading: "name", of: fault) {
      first = try fault.value(forKey: "name")
      try ObjectFaultTests.rename("Again", rank: 1, in: store)
      _ = try store.fetch(FetchOptions())
    }
    #expect(first == .string("Elsewhere"))
    #expect(told)
    #expect(fault.isObservable)
    #expect(try fault.value(forKey: "name") == .string("Again"))
  }
}
