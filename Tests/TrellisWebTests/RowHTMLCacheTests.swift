import Testing
import Trellis

@testable import TrellisWeb

/// A row is drawn once per rendering, however many sessions show it.
@Suite("Row HTML cache")
struct RowHTMLCacheTests {
  private final class Draws: @unchecked Sendable { var count = 0 }

  @Test func aRenderingIsDrawnOncePerWayOfShowingIt() {
    let cache = RowHTMLCache()
    let draws = Draws()
    let row = RowSnapshot(Row(id: RowID(.string("a")), kind: .plain, text: "A"))
    let copy = row
    func html(_ row: RowSnapshot, editing: Bool = false, position: Int? = nil) -> String {
      cache.html(for: row, editing: editing, position: position) {
        draws.count += 1
        return "<li>\(row.text ?? "")\(editing ? " editing" : "")</li>"
      }
    }
    #expect(html(row) == "<li>A</li>")
    #expect(html(copy) == "<li>A</li>")
    #expect(draws.count == 1)
    #expect(html(row, editing: true) == "<li>A editing</li>")
    _ = html(row, position: 3)
    #expect(draws.count == 3)
    // Another rendering, even of the same fields, is drawn anew.
    _ = html(RowSnapshot(Row(id: RowID(.string("a")), kind: .plain, text: "A")))
    #expect(draws.count == 4)
  }

  @Test func itEmptiesItselfAtItsLimit() {
    let cache = RowHTMLCache(limit: 3)
    for index in 0..<10 {
      let row = RowSnapshot(Row(id: RowID(.int(index)), kind: .plain, text: "\(index)"))
      _ = cache.html(for: row, editing: false, position: nil) { "\(index)" }
    }
    #expect(cache.count <= 3)
  }

  /// Closed windows' rows leave at the next sweep; rows still shown stay, drawn once.
  @Test func rowsNothingElseHoldsLeave() {
    let cache = RowHTMLCache()
    let draws = Draws()
    let shown = (0..<100).map { RowSnapshot(Row(id: RowID(.int($0)), kind: .plain, text: "\($0)")) }
    for row in shown { _ = cache.html(for: row, editing: false, position: nil) { "shown" } }
    // Windows that open and close: their rows are held by nothing once drawn.
    for index in 0..<(RowHTMLCache.least * 10) {
      let row = RowSnapshot(Row(id: RowID(.int(index)), kind: .plain, text: "closed"))
      _ = cache.html(for: row, editing: false, position: nil) { "closed" }
    }
    #expect(cache.count <= RowHTMLCache.least + 100)
    for row in shown {
      _ = cache.html(for: row, editing: false, position: nil) {
        draws.count += 1
        return "shown"
      }
    }
    #expect(draws.count == 0, "a row still shown is not drawn again")
  }
}
