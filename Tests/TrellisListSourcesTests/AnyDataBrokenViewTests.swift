import Foundation
import Testing
import Trellis
import TrellisTesting

/// A view over a table dropped since cannot be read: the rest of the file is served, and the
/// home screen says why the view shows nothing.
@Suite("Any data: a view that cannot be read")
struct AnyDataBrokenViewTests {
  @Test func theRestOfTheFileIsServedAndTheViewSaysWhy() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    try AnyDataSupport.execute(
      """
      CREATE TABLE gone (x INTEGER);
      CREATE VIEW stale AS SELECT * FROM gone;
      DROP TABLE gone;
      """, in: url)
    let app = try AnyDataSupport.app(url)
    #expect(app.row("product")?.detail == "5 rows")
    #expect(app.row("stale") != nil)
    let footers = app.host.table.visible.compactMap(\.model.footer)
    #expect(
      footers.contains { $0.contains("stale: this view cannot be read: no such table") },
      "\(footers)")
    try app.tap("product")
    #expect(app.texts.joined().contains("Saw"))
  }
}
