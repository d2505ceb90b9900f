import Foundation
import Testing
import Trellis
import TrellisTesting

/// Two windows on one SQLite file with no descriptor (`trellis serve shop.sqlite`): a form
/// open in one follows what the other saves, as a fresh one would show it.
@Suite("Any SQLite file in two windows")
struct AnyDataTwoWindowsTests {
  @Test func anOpenFormFollowsTheOtherWindowsSaveInItsFieldsAndTitle() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let ann = try AnyDataSupport.app(url)
    let bob = try AnyDataSupport.app(url)
    for app in [ann, bob] {
      try app.tap("product")
      try app.tap("Hammer")
    }
    try bob.enter(.string("Mallet"), at: "Name")
    try bob.send(.done)
    #expect(bob.navigator.stack.count == 2)

    ann.navigator.processChanges()
    #expect(ann.row("Name")?.value == .string("Mallet"))
    #expect(ann.navigator.top.title == "Mallet")

    // Entering the name Ann's field now shows, then Done, writes nothing old back.
    let name = try #require(ann.row("Name"))
    try ann.send(.enter(name.id, .text("Mallet"), over: "Mallet"))
    try ann.send(.done)
    let stored: String? = try AnyDataSupport.value(
      "SELECT name FROM product WHERE id = 1", in: url)
    #expect(stored == "Mallet")
  }

  /// A value another program wrote that the form cannot show as its field's kind (text in a
  /// date column) opens refused on its row; fixed, Done writes it.
  @Test func aValueTheFieldCannotHoldIsShownToBeFixed() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    try AnyDataSupport.execute("UPDATE product SET released = 'soon' WHERE id = 1", in: url)
    let app = try AnyDataSupport.app(url)
    try app.tap("product")
    #expect(
      app.row("Hammer")?.validationMessage?.hasSuffix("released holds “soon”, not a date") == true)
    try app.tap("Hammer")
    #expect(app.row("Released")?.validationMessage == "Released holds “soon”, not a date")
    try? app.send(.done)
    #expect(app.navigator.stack.count == 3, "Done waits for the date")
    try app.enter(.date(Date(timeIntervalSince1970: 1_714_521_600)), at: "Released")
    try app.send(.done)
    #expect(app.navigator.stack.count == 2)
    let stored: String? = try AnyDataSupport.value(
      "SELECT released FROM product WHERE id = 1", in: url)
    #expect(stored == "2024-05-01")
    #expect(app.row("Hammer")?.validationMessage == nil)
  }
}
