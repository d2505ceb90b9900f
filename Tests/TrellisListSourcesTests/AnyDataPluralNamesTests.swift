import Foundation
import Testing
import Trellis
import TrellisListSources
import TrellisTesting

/// A database whose tables are named in the plural, as Rails, Laravel and most hand-written
/// schemas name them (the fixture `AnyData/plural.sql`): a row is one of them, and the lists
/// pointing at it are plural once.
@Suite("Any data: tables named in the plural")
struct AnyDataPluralNamesTests {
  @Test func aRowIsSingularAndItsListsArePlural() throws {
    let url = try AnyDataSupport.database("plural.sql", named: "plural.sqlite")
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("orders")
    #expect(app.texts.first == ["2024-01-01", "New Order"])
    let footer = app.top.model.snapshot.sections.first?.model.footer ?? ""
    #expect(footer.contains("Deleting an Order deletes its Line Items (ON DELETE CASCADE)."))
    try app.tap("New Order")
    #expect(app.top.title == "New Order")
    #expect(app.texts.first == ["Placed", "Status", "Customer", "Line Items"])
    try app.send(.back)
    try app.send(.back)
    try app.tap("customers")
    try app.tap("Ada")
    #expect(app.texts.first == ["Name", "Addresses", "Orders"])
    #expect(app.row("Orders")?.detail == "1")
    try app.send(.back)
    try app.send(.back)
    try app.tap("products")
    let products = app.top.model.snapshot.sections.first?.model.footer ?? ""
    #expect(
      products.contains(
        "A Product cannot be deleted while its Line Items point at it (ON DELETE RESTRICT)."))
    #expect(products.contains("takes it out of its Categories (categories_products)"))
    try app.tap("Pen")
    #expect(app.texts.first == ["Title", "Categories", "Line Items"])
  }

  @Test func aStatusTableIsNotReadAsAPluralOfStatu() throws {
    let url = try AnyDataSupport.database("plural.sql", named: "plural.sqlite")
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("statuses")
    #expect(app.texts.first == ["open", "New Status"])
    try app.tap("open")
    #expect(app.texts.first == ["Label", "Orders"])
  }
}
