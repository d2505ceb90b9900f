import Foundation
import Synchronization
import Testing
import Trellis
import TrellisPostgres
import TrellisSQL
import TrellisTesting

/// Tables of a PostgreSQL database made elsewhere whose names, keys and foreign keys must be
/// quoted ("Order Items", "Customers", "Customer ID", `weird"name`), and columns whose keys are
/// not ASCII ("Prénom"), from the fixture `AnyData/names-postgres.sql`: listed, searched,
/// sorted, edited, added to, deleted from and related as plain-named tables are.
@Suite("Tables whose names must be quoted, on PostgreSQL")
struct TablesNamedOtherwiseTests {
  /// The `Product` of each item `options` selects, in order.
  static func products(_ store: PostgresStore, _ options: FetchOptions) async throws -> [Value] {
    try await store.fetchPage(options, from: nil).items.map {
      try AnyDataPostgres.value($0, "Product", store.entity.definition)
    }
  }

  @Test func everyTableWithAKeyIsEditableAndRelated() async throws {
    guard let url = try await AnyDataPostgres.database("names-postgres.sql") else { return }
    let schema = try await PostgresDatabase.readSchema(url: url)
    for name in ["Customers", "Order Items", "Gift Tags", "weird\"name"] {
      #expect(schema.table(name)?.readOnlyReason == nil, "\(name)")
    }
    #expect(schema.joins.map(\.table) == ["Item Tags"])
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let items = try #require(database.store(for: "Order Items"))
    let item = try #require(items.itemsDefinition)
    #expect(item.properties.map(\.name) == ["Product", "Qty", "Customer", "Gift_Tags"])
    #expect(item.name == "Order Item")
    let customers = try #require(database.store(for: "Customers"))
    let customer = try #require(customers.itemsDefinition)
    #expect(customer.properties.map(\.name) == ["Name", "Prénom", "Order_Items"])
    let tags = try #require(database.store(for: "Gift Tags"))
    #expect(try #require(tags.itemsDefinition).properties.map(\.name) == ["Label", "Order_Items"])
  }

  @Test func rowsAreListedSortedSearchedEditedAddedAndDeleted() async throws {
    guard let url = try await AnyDataPostgres.database("names-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let items = try #require(database.store(for: "Order Items"))
    #expect(try await items.count(FetchOptions()) == 4)
    let sorted = FetchOptions(sort: [SortKey("Qty", ascending: false), SortKey("Product")])
    #expect(try await Self.products(items, sorted) == ["Whisk", "Teapot", "Kettle", "Ladle"])
    let search = FetchOptions(filter: .search("ea", in: ["Product"]))
    #expect(try await Self.products(items, search) == ["Teapot"])
    let filter = FetchOptions(filter: ItemFilter(try Predicate("Qty >= 2")))
    #expect(try await Self.products(items, filter) == ["Teapot", "Whisk"])

    let teapot = try await AnyDataPostgres.item(items, "Product", "Teapot")
    try await items.update(teapot, values: ["Product": "Tea pot", "Qty": 5])
    #expect(
      try await AnyDataPostgres.texts(
        url, #"SELECT "Product" || '|' || "Qty" FROM "Order Items" WHERE "Item ID" = 2"#)
        == ["Tea pot|5"])

    let new = try items.create()
    let kvc = try #require(
      new.objectValue.flatMap { items.entity.definition.keyValueCoding(for: $0) })
    try kvc.setValue("Sieve", forKey: "Product")
    try await items.insert(new, at: nil)
    #expect(
      try await AnyDataPostgres.texts(
        url, #"SELECT "Qty"::text FROM "Order Items" WHERE "Product" = 'Sieve'"#) == ["1"])

    let ladle = try await AnyDataPostgres.item(items, "Product", "Ladle")
    try await items.delete(ladle)
    #expect(
      try await AnyDataPostgres.texts(
        url, #"SELECT count(*)::text FROM "Order Items" WHERE "Product" = 'Ladle'"#) == ["0"])
    #expect(try await items.count(FetchOptions()) == 4)
  }

  @Test func aColumnWhoseKeyIsNotASCIIIsShownAndEdited() async throws {
    guard let url = try await AnyDataPostgres.database("names-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let customers = try #require(database.store(for: "Customers"))
    let lee = try await AnyDataPostgres.item(customers, "Name", "Lee")
    #expect(try AnyDataPostgres.value(lee, "Prénom", customers.entity.definition) == "Ann")
    try await customers.update(lee, values: ["Prénom": "Anne"])
    #expect(
      try await AnyDataPostgres.texts(
        url, #"SELECT "Prénom" FROM "Customers" WHERE "Name" = 'Lee'"#) == ["Anne"])
    let search = FetchOptions(filter: .search("bo", in: ["Prénom"]))
    #expect(try await customers.fetchPage(search, from: nil).items.count == 1)
  }

  @Test func aNameWithADoubleQuoteIsQuotedNotInjected() async throws {
    guard let url = try await AnyDataPostgres.database("names-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let weird = try #require(database.store(for: "weird\"name"))
    let definition = weird.entity.definition
    #expect(definition.properties.map(\.name) == ["say_hi"])
    #expect(definition["say_hi"]?.title == "say \"hi\"")
    let sorted = try await weird.fetchPage(FetchOptions(sort: [SortKey("say_hi")]), from: nil)
    #expect(
      try sorted.items.map { try AnyDataPostgres.value($0, "say_hi", definition) } == [
        "bye", "hello",
      ])
    let hello = try await AnyDataPostgres.item(weird, "say_hi", "hello")
    try await weird.update(hello, values: ["say_hi": "hi \"there\"; DROP TABLE x"])
    #expect(
      try await AnyDataPostgres.texts(
        url, #"SELECT "say ""hi""" FROM "weird""name" WHERE "key""id" = 1"#)
        == ["hi \"there\"; DROP TABLE x"])
    let bye = try await AnyDataPostgres.item(weird, "say_hi", "bye")
    try await weird.delete(bye)
    let new = try weird.create()
    let kvc = try #require(new.objectValue.flatMap { definition.keyValueCoding(for: $0) })
    try kvc.setValue("\"new\"", forKey: "say_hi")
    try await weird.insert(new, at: nil)
    #expect(
      try await AnyDataPostgres.texts(
        url, #"SELECT "say ""hi""" FROM "weird""name" ORDER BY "key""id""#)
        == ["hi \"there\"; DROP TABLE x", "\"new\""])
    // A key another program sends that names no column is refused, not written into SQL.
    let key = "say_hi\" = 'x' --"
    await #expect(throws: (any Error).self) {
      _ = try await weird.fetchPage(FetchOptions(sort: [SortKey(key)]), from: nil)
    }
    #expect(try await weird.count(FetchOptions()) == 2)
  }

  @Test func aFormChoosesItsCustomerAndTagsAndACustomerListsItsItems() async throws {
    guard let url = try await AnyDataPostgres.database("names-postgres.sql") else { return }
    let app = try await AnyDataPostgres.app(url)
    defer { PostgresDatabase.close(url: url) }
    try await AnyDataPostgres.open("Order Items", "Whisk", in: app)
    #expect(app.row("Customer")?.detail == "Diaz")
    try app.tap("Customer")
    try await app.settle(until: { app.row("Moss") != nil }, timeout: .seconds(10))
    try app.tap("Moss")
    try await app.settle()
    #expect(app.row("Customer")?.detail == "Moss")
    try app.tap("Gift Tags")
    try await app.settle(until: { app.row("express") != nil }, timeout: .seconds(10))
    try app.tap("express")
    try await app.settle()
    try app.send(.back)
    try await app.settle()
    #expect(app.row("Gift Tags")?.detail == "express")
    try app.send(.done)
    try await app.settle(
      until: { app.navigator.top.model.title == "Order Items" }, timeout: .seconds(10))
    #expect(
      try await AnyDataPostgres.texts(
        url,
        #"SELECT c."Name" FROM "Order Items" i JOIN "Customers" c USING ("Customer ID") "#
          + #"WHERE i."Product" = 'Whisk'"#) == ["Moss"])
    #expect(
      try await AnyDataPostgres.texts(
        url,
        #"SELECT t."Label" FROM "Item Tags" p JOIN "Gift Tags" t USING ("Tag ID") "#
          + #"WHERE p."Item ID" = 3"#) == ["express"])

    // The customer's form lists the items pointing at it.
    try app.send(.back)
    try await app.settle()
    try await AnyDataPostgres.open("Customers", "Lee", in: app)
    #expect(app.row("Prénom")?.value == "Ann")
    try app.tap("Order Items")
    try await app.settle(until: { app.row("Teapot") != nil }, timeout: .seconds(10))
    #expect(app.row("Kettle") != nil)
    #expect(app.row("Whisk") == nil)
    try app.send(.back)
    try await app.settle()
    try app.enter("Annie", at: "Prénom")
    try app.send(.done)
    try await app.settle(
      until: { app.navigator.top.model.title == "Customers" }, timeout: .seconds(10))
    #expect(
      try await AnyDataPostgres.texts(
        url, #"SELECT "Prénom" FROM "Customers" WHERE "Name" = 'Lee'"#)
        == ["Annie"])
  }

  @Test func anotherProgramsChangeShowsInAnOpenList() async throws {
    guard let url = try await AnyDataPostgres.database("names-postgres.sql") else { return }
    let app = try await AnyDataPostgres.app(url)
    defer { PostgresDatabase.close(url: url) }
    try await app.settle()
    try app.tap("Order Items")
    try await app.settle(until: { app.row("Kettle") != nil }, timeout: .seconds(10))
    try await AnyDataPostgres.run(
      url, [#"UPDATE "Order Items" SET "Product" = 'Copper kettle' WHERE "Item ID" = 1"#])
    try await app.settle(until: { app.row("Copper kettle") != nil }, timeout: .seconds(10))
    #expect(app.row("Copper kettle") != nil)
    #expect(app.row("Kettle") == nil)
  }

  @Test func triggersAnnounceChangesOfSuchTablesAndAreRemoved() async throws {
    guard let url = try await AnyDataPostgres.database("names-postgres.sql") else { return }
    let installed = try await PostgresTriggerInstaller.install(url: url)
    #expect(installed.sorted() == ["Customers", "Gift Tags", "Order Items", "weird\"name"])
    let database = try await PostgresDatabase.open(url: url, pollInterval: .seconds(60))
    defer { database.shutdown() }
    #expect(database.announcedTables == Set(installed))
    // Every channel is a plain name of at most 63 bytes, one per table.
    let definitions = try await AnyDataPostgres.texts(
      url,
      "SELECT pg_get_triggerdef(oid) FROM pg_trigger WHERE tgname = 'trellis_notify' "
        + "ORDER BY tgrelid::regclass::text")
    let channels = definitions.compactMap { text in
      text?.split(separator: "('").last?.split(separator: "'").first.map(String.init)
    }
    #expect(channels.count == 4)
    #expect(Set(channels).count == 4)
    for channel in channels {
      #expect(channel.utf8.count <= 63)
      #expect(channel.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
    }

    let items = try #require(database.store(for: "Order Items"))
    _ = try await items.fetchPage(FetchOptions(), from: nil)
    let changes = Mutex<[StoreChange]>([])
    let token = items.observe { change in changes.withLock { $0.append(change) } }
    defer { token.cancel() }
    _ = await PostgresTestSupport.until(items, within: .seconds(5)) { items.isListening }
    try await AnyDataPostgres.run(
      url, [#"INSERT INTO "Order Items" ("Product", "Customer ID") VALUES ('Grater', 3)"#])
    _ = await PostgresTestSupport.until(items, within: .seconds(5)) {
      changes.withLock { $0.contains { if case .inserted = $0 { true } else { false } } }
    }
    // Announced at once, long before the next look (a minute away).
    #expect(changes.withLock { $0.contains { if case .inserted = $0 { true } else { false } } })
    // A pair added to the join table is announced as a change of the item that holds it.
    changes.withLock { $0 = [] }
    try await AnyDataPostgres.run(
      url, [#"INSERT INTO "Item Tags" ("Item ID", "Tag ID") VALUES (4, 3)"#])
    _ = await PostgresTestSupport.until(items, within: .seconds(5)) {
      changes.withLock { $0.contains { if case .updated = $0 { true } else { false } } }
    }
    #expect(changes.withLock { $0.contains { if case .updated = $0 { true } else { false } } })

    // Installing again finds every trigger in place.
    _ = try await PostgresTriggerInstaller.install(url: url)
    #expect(
      try await AnyDataPostgres.texts(
        url, "SELECT count(*)::text FROM pg_trigger WHERE tgname LIKE 'trellis_%'")
        == ["12"])
    let removed = try await PostgresTriggerInstaller.remove(url: url)
    #expect(removed.sorted() == installed.sorted())
    #expect(
      try await AnyDataPostgres.texts(
        url, "SELECT count(*)::text FROM pg_trigger WHERE tgname LIKE 'trellis_%'") == ["0"])
  }
}
