import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisSettings
import TrellisTesting

/// Emptying a field: an optional value becomes none; a value the data must have is refused
/// with a message on the row, and the data keeps what it had.
@Suite("Clearing a value")
struct ClearingValuesTests {
  func settings() throws -> (HeadlessApp, UserDefaultsObject) {
    let store = try UserDefaultsStore(
      suiteName: TemporaryConfigHome.url.appendingPathComponent("clearing-\(UUID().uuidString)")
        .path)
    let settings = SettingsApp.settings(in: store)
    let app = HeadlessApp(navigator: Navigator(root: try SettingsApp.screen(for: settings)))
    return (app, settings)
  }

  func path(of label: String, in app: HeadlessApp) throws -> ItemPath {
    for (s, section) in app.top.snapshot().table.sections.enumerated() {
      if let r = section.items.firstIndex(where: { $0.text == label }) {
        return ItemPath(item: r, section: s)
      }
    }
    throw ScreenError.notApplicable("no row \(label)")
  }

  @Test func anEmptiedNumberFieldThatMustHoldANumberIsRefused() throws {
    let (app, settings) = try settings()
    let path = try path(of: "Font Size", in: app)
    let row = try #require(app.top.snapshot().table[safe: path])
    let cleared = try row.value(for: .text(""))
    #expect(cleared == .null)
    // Refused where the person typed: a message on the row, not an error for the page.
    try app.send(.setValue(app.rowID(at: path), cleared))
    #expect((try? settings.value(forKey: "fontSize")) == Value.int(17))
    let after = try #require(app.top.snapshot().table[safe: path])
    #expect(after.validationMessage == "Font Size needs a value")
  }

  @Test func anEmptiedOptionalDateBecomesNone() throws {
    let (app, settings) = try settings()
    let path = try path(of: "Birthday", in: app)
    try app.send(.setValue(app.rowID(at: path), .date(Date(timeIntervalSince1970: 0))))
    #expect((try? settings.value(forKey: "birthday")) == Value.date(Date(timeIntervalSince1970: 0)))
    let row = try #require(app.top.snapshot().table[safe: path])
    try app.send(.setValue(app.rowID(at: path), try row.value(for: .text(""))))
    #expect((try? settings.value(forKey: "birthday")) == Value.null)
  }
}
