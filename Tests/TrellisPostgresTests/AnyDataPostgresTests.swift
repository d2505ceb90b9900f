import Foundation
import Synchronization
import Testing
import Trellis
import TrellisPostgres
import TrellisSQL

/// Any PostgreSQL database with no descriptor: its catalog read into the rules of its screens,
/// and its rows edited through stores that create and alter nothing (the fixture
/// `AnyData/shop-postgres.sql` in a fresh database).
@Suite("Any data: a PostgreSQL database")
struct AnyDataPostgresTests {
  @Test func theCatalogGivesEachColumnsControlAndRules() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let schema = try await PostgresDatabase.readSchema(url: url)
    let supplier = try #require(schema.table("supplier"))
    #expect(supplier.column("country")?.choices == ["NL", "FR", "DE", "US"])
    #expect(supplier.column("name")?.isUnique == true)
    #expect(supplier.column("name")?.isRequired == true)
    #expect(supplier.column("active")?.isRequired == false)
    #expect(supplier.column("id")?.defaultSQL == "identity")
    #expect(supplier.rowKey == "id")
    let product = try #require(schema.table("product"))
    #expect(product.column("price")?.kind == .real)
    // numeric(10, 2): what PostgreSQL would round or refuse, then its CHECK.
    #expect(
      product.column("price")?.checks
        == [
          .fractionDigits(2), .minimum(-1e8, inclusive: false), .maximum(1e8, inclusive: false),
          .minimum(0, inclusive: true),
        ])
    #expect(supplier.column("name")?.checks == [.maxLength(60)])
    #expect(
      product.column("stock")?.checks
        == [
          .minimum(-2_147_483_648, inclusive: true), .maximum(2_147_483_647, inclusive: true),
          .minimum(0, inclusive: true), .maximum(1000, inclusive: true),
        ])
    #expect(product.column("released")?.kind == .date)
    #expect(product.column("photo")?.kind == .blob)
    #expect(product.column("price_with_tax")?.isGenerated == true)
    #expect(product.column("code")?.isUnique == true)
    let keys = Dictionary(
      uniqueKeysWithValues: product.foreignKeys.map { ($0.column, $0.onDelete) })
    #expect(keys == ["supplier_id": .cascade, "category_id": .setNull])
    #expect(schema.table("category")?.column("name")?.checks == [.maxLength(20)])
    // A domain's NOT NULL and CHECK hold wherever it is used.
    let stars = try #require(schema.table("review")?.column("stars"))
    #expect(stars.isNotNull)
    #expect(stars.checks == [.minimum(1, inclusive: true), .maximum(5, inclusive: true)])
    #expect(schema.table("review")?.foreignKeys.first?.onDelete == .restrict)
    #expect(schema.joins.map(\.table) == ["product_tag"])
    #expect(schema.table("region")?.addingRefusal?.contains("does not make its key id") == true)
    let reasons = Dictionary(
      uniqueKeysWithValues: schema.tables.compactMap { table in
        table.readOnlyReason.map { (table.name, $0) }
      })
    #expect(reasons["audit_log"] == "it has no primary key to name a row by")
    #expect(reasons["coupon"]?.hasPrefix("its primary key code is text") == true)
    #expect(reasons["stock_move"]?.contains("several columns (product_id, day)") == true)
    #expect(reasons["product_tag"]?.hasPrefix("a join table") == true)
    #expect(reasons["product_summary"]?.hasPrefix("a view") == true)
    #expect(schema.table("product_summary")?.kind == .view)
  }

  @Test func editsAreWrittenAsTheColumnsTypesHoldThem() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let suppliers = try #require(database.store(for: "supplier"))
    let definition = suppliers.entity.definition
    // An enum, written through a cast to its type.
    let cobalt = try await AnyDataPostgres.item(suppliers, "name", "Cobalt")
    try await suppliers.update(cobalt, values: ["country": .string("DE")])
    #expect(
      try await AnyDataPostgres.texts(url, "SELECT country::text FROM supplier WHERE id = 3")
        == ["DE"])
    // A new row: the identity gives its key, and the default what the form left empty.
    let new = try suppliers.create()
    let kvc = try #require(new.objectValue.flatMap { definition.keyValueCoding(for: $0) })
    try kvc.setValue(.string("Delta"), forKey: "name")
    try await suppliers.insert(new, at: nil)
    #expect(
      try await AnyDataPostgres.texts(
        url, "SELECT id || ' ' || active FROM supplier WHERE name = 'Delta'")
        == ["4 true"])
    // A numeric column holds a double; the generated column is read, never written.
    let products = try #require(database.store(for: "product"))
    let hammer = try await AnyDataPostgres.item(products, "name", "Hammer")
    #expect(
      try AnyDataPostgres.value(hammer, "price_with_tax", products.entity.definition)
        == .double(15.13))
    try await products.update(hammer, values: ["price": .double(20)])
    #expect(
      try await AnyDataPostgres.texts(url, "SELECT price_with_tax::text FROM product WHERE id = 1")
        == ["24.20"])
  }

  @Test func refusalsNameTheFieldAndKeepTheRow() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let products = try #require(database.store(for: "product"))
    let hammer = try await AnyDataPostgres.item(products, "name", "Hammer")
    await #expect {
      try await products.update(hammer, values: ["code": .string("RAK-1")])
    } throws: { error in
      guard case .refusedValue(let property, _)? = error as? StoreError else { return false }
      return property == "code"
    }
    await #expect {
      try await products.update(hammer, values: ["price": .double(-1)])
    } throws: { error in
      // On the field whose rule it is.
      guard case .refusedValue(let property, let message)? = error as? StoreError else {
        return false
      }
      return property == "price" && message.contains("product_price_check")
    }
    #expect(
      try await AnyDataPostgres.texts(url, "SELECT code || ' ' || price FROM product WHERE id = 1")
        == ["HAM-1 12.50"])
    // A product with reviews is not deleted (ON DELETE RESTRICT).
    await #expect(throws: StoreError.self) { try await products.delete(hammer) }
    #expect(
      try await AnyDataPostgres.texts(url, "SELECT name FROM product WHERE id = 1") == ["Hammer"])
  }

  /// A value the server cannot read as its column's type is refused on the field that holds
  /// it, with the server's reason, and the row keeps what it held.
  @Test func aValueItsColumnsTypeCannotReadIsRefusedOnItsField() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    try await AnyDataPostgres.run(
      url,
      [
        "CREATE TABLE gadget (id serial PRIMARY KEY, name text, meta jsonb, uid uuid, "
          + "spare uuid)",
        "INSERT INTO gadget (name, meta, uid) VALUES "
          + "('Widget', '{\"k\": 1}', '6f1c2a3e-0000-4000-8000-000000000001')",
      ])
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let gadgets = try #require(database.store(for: "gadget"))
    let widget = try await AnyDataPostgres.item(gadgets, "name", "Widget")
    let cases = [
      ("meta", "{\"k\": [1,", "Meta: invalid input syntax for type json"),
      ("uid", "not-a-uuid", "Uid: invalid input syntax for type uuid"),
    ]
    for (column, text, reason) in cases {
      await #expect {
        try await gadgets.update(widget, values: [column: .string(text)])
      } throws: { error in
        guard case .refusedValue(let property, let message)? = error as? StoreError else {
          return false
        }
        return property == column && message.hasPrefix(reason)
      }
    }
    // Two columns of the type written at once: the one whose value the server quotes.
    await #expect {
      try await gadgets.update(
        widget,
        values: [
          "uid": .string("6f1c2a3e-0000-4000-8000-000000000002"), "spare": .string("nope"),
        ])
    } throws: { error in
      guard case .refusedValue(let property, let message)? = error as? StoreError else {
        return false
      }
      return property == "spare" && message.hasPrefix("Spare: invalid input syntax for type uuid")
    }
    let suppliers = try #require(database.store(for: "supplier"))
    let cobalt = try await AnyDataPostgres.item(suppliers, "name", "Cobalt")
    await #expect {
      try await suppliers.update(cobalt, values: ["country": .string("XX")])
    } throws: { error in
      guard case .refusedValue("country", let message)? = error as? StoreError else {
        return false
      }
      return message.contains("invalid input value for enum country_code")
    }
    // A column that cannot be empty, emptied where no form required it, is refused on its
    // field before the statement runs.
    let title = suppliers.entity.definition["name"]?.title ?? "name"
    await #expect(
      throws: StoreError.refusedValue(property: "name", message: "\(title) needs a value")
    ) {
      try await suppliers.update(cobalt, values: ["name": .null])
    }
    #expect(
      try await AnyDataPostgres.texts(url, "SELECT meta::text || ' ' || uid FROM gadget")
        == ["{\"k\": 1} 6f1c2a3e-0000-4000-8000-000000000001"])
  }

  @Test func aReadOnlyDatabaseRefusesEveryWrite() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url, readOnly: true)
    defer { database.shutdown() }
    let tags = try #require(database.store(for: "tag"))
    let sale = try await AnyDataPostgres.item(tags, "label", "sale")
    await #expect(throws: StoreError.self) {
      try await tags.update(sale, values: ["label": .string("bargain")])
    }
    #expect(try await AnyDataPostgres.texts(url, "SELECT label FROM tag WHERE id = 1") == ["sale"])
  }

  @Test func withoutTriggersAnotherProgramsChangeIsFoundByLooking() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url, pollInterval: .milliseconds(100))
    defer { database.shutdown() }
    #expect(database.announcedTables.isEmpty)
    let tags = try #require(database.store(for: "tag"))
    let changes = Mutex<[StoreChange]>([])
    let token = tags.observe { change in changes.withLock { $0.append(change) } }
    defer { token.cancel() }
    try await Task.sleep(for: .milliseconds(400))
    #expect(changes.withLock { $0.isEmpty })
    try await AnyDataPostgres.run(url, ["UPDATE tag SET label = 'bargain' WHERE id = 1"])
    _ = await PostgresTestSupport.until(tags, within: .seconds(5)) {
      changes.withLock { !$0.isEmpty }
    }
    #expect(changes.withLock { $0.contains { if case .reset = $0 { true } else { false } } })
  }

  @Test func triggersInstalledOnRequestAnnounceChangesAndAreRemoved() async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    let installed = try await PostgresTriggerInstaller.install(url: url)
    #expect(installed.sorted() == ["category", "product", "region", "review", "supplier", "tag"])
    let database = try await PostgresDatabase.open(url: url, pollInterval: .seconds(60))
    defer { database.shutdown() }
    #expect(database.announcedTables == Set(installed))
    let tags = try #require(database.store(for: "tag"))
    _ = try await tags.fetchPage(FetchOptions(), from: nil)
    let changes = Mutex<[StoreChange]>([])
    let token = tags.observe { change in changes.withLock { $0.append(change) } }
    defer { token.cancel() }
    _ = await PostgresTestSupport.until(tags, within: .seconds(5)) { tags.isListening }
    try await AnyDataPostgres.run(url, ["INSERT INTO tag (label) VALUES ('outdoor')"])
    _ = await PostgresTestSupport.until(tags, within: .seconds(5)) {
      changes.withLock { $0.contains { if case .inserted = $0 { true } else { false } } }
    }
    // Announced as an insert at once, long before the next look (a minute away).
    #expect(changes.withLock { $0.contains { if case .inserted = $0 { true } else { false } } })

    // A pair another program adds to the join table is announced as a change of the product
    // that holds it, whose object then holds the tag.
    let products = try #require(database.store(for: "product"))
    _ = try await products.fetchPage(FetchOptions(), from: nil)
    let productChanges = Mutex<[StoreChange]>([])
    let productToken = products.observe { change in
      productChanges.withLock { $0.append(change) }
    }
    defer { productToken.cancel() }
    _ = await PostgresTestSupport.until(products, within: .seconds(5)) { products.isListening }
    try await AnyDataPostgres.run(
      url,
      [
        "INSERT INTO product_tag (product_id, tag_id) SELECT id, (SELECT max(id) FROM tag) "
          + "FROM product ON CONFLICT DO NOTHING"
      ])
    _ = await PostgresTestSupport.until(products, within: .seconds(5)) {
      productChanges.withLock { $0.contains { if case .updated = $0 { true } else { false } } }
    }
    #expect(
      productChanges.withLock { $0.contains { if case .updated = $0 { true } else { false } } })

    // A TRUNCATE, which no row trigger sees, tells the lists that anything may have changed.
    changes.withLock { $0 = [] }
    try await AnyDataPostgres.run(url, ["TRUNCATE tag CASCADE"])
    _ = await PostgresTestSupport.until(tags, within: .seconds(5)) {
      changes.withLock { $0.contains { if case .reset = $0 { true } else { false } } }
    }
    #expect(changes.withLock { $0.contains { if case .reset = $0 { true } else { false } } })

    let removed = try await PostgresTriggerInstaller.remove(url: url)
    #expect(removed.sorted() == installed.sorted())
    #expect(
      try await AnyDataPostgres.texts(
        url, "SELECT count(*)::text FROM pg_trigger WHERE tgname LIKE 'trellis_%'") == ["0"])
    // Told so, a listening store looks at its table from then on: another program's change
    // still reaches it, a minute before its database's own look would.
    _ = await PostgresTestSupport.until(tags, within: .seconds(5)) { !tags.isListening }
    changes.withLock { $0 = [] }
    try await AnyDataPostgres.run(url, ["INSERT INTO tag (label) VALUES ('after')"])
    _ = await PostgresTestSupport.until(tags, within: .seconds(10)) {
      changes.withLock { !$0.isEmpty }
    }
    #expect(changes.withLock { !$0.isEmpty }, "the store looks at the table")
  }

  @Test func chinooksTracksPointAtTheirAlbumsGenresAndPlaylists() async throws {
    guard let url = try await AnyDataPostgres.database("chinook-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let tracks = try #require(database.store(for: "Track"))
    let relationships = tracks.entity.relationships.map { "\($0.name):\($0.kind)" }.sorted()
    #expect(
      relationships == ["Album:toOne", "Genre:toOne", "MediaType:toOne", "Playlists:manyToMany"])
    let track = try await AnyDataPostgres.item(
      tracks, "Name", "For Those About To Rock (We Salute You)")
    let definition = try #require(tracks.itemsDefinition)
    let album = try AnyDataPostgres.value(track, "Album", definition)
    let albums = try #require(database.store(for: "Album"))
    #expect(
      try AnyDataPostgres.value(album, "Title", albums.entity.definition)
        == .string("For Those About To Rock We Salute You"))
    guard case .array(let playlists) = try AnyDataPostgres.value(track, "Playlists", definition)
    else {
      Issue.record("the playlists are not a list")
      return
    }
    #expect(playlists.count == 3)
    // The join table has no store of its own: its pairs are listed as a view's rows are.
    let pairs = try #require(database.viewStore(for: "PlaylistTrack"))
    #expect(try await pairs.count(FetchOptions()) == 926)
    #expect(try await pairs.fetchPage(FetchOptions(), from: nil).items.count == 926)
  }
}

extension AnyDataPostgresTests {
  @Test func tablesNamedInThePluralListSingularRows() async throws {
    guard let url = try await AnyDataPostgres.database("plural-postgres.sql") else { return }
    let database = try await PostgresDatabase.open(url: url)
    defer { database.shutdown() }
    let orders = try #require(database.store(for: "orders"))
    #expect(orders.entity.definition.name == "Order")
    // A timestamp is shown and edited with its time of day; a date without.
    let order = try #require(orders.itemsDefinition)
    let shippedShowsTime = order["shipped_at"]?.attributes.row.showsTime
    let dueShowsTime = order["due"]?.attributes.row.showsTime
    #expect(shippedShowsTime == true)
    #expect(dueShowsTime == false)
    let customers = try #require(database.store(for: "customers"))
    // The form of a customer lists the rows pointing at it; a product's, its categories too.
    let customer = try #require(customers.itemsDefinition).properties.map(\.name)
    #expect(customer == ["name", "Addresses", "Orders"])
    let products = try #require(database.store(for: "products"))
    #expect(products.entity.relationships.map(\.name) == ["Categories"])
    let product = try #require(products.itemsDefinition).properties.map(\.name)
    #expect(product == ["title", "Categories", "Line_items"])
    #expect(try #require(database.store(for: "statuses")).entity.definition.name == "Status")
    // A migration tool's table is shown, never edited.
    let schema = try await PostgresDatabase.readSchema(url: url)
    let migrations = schema.table("django_migrations")?.readOnlyReason ?? ""
    #expect(migrations == "Django's record of the migrations it ran, which only Django changes")
  }
}

extension AnyDataPostgresTests {
  @Test func anUpdateMovesTheAppsUpdatedAtWithoutConflictingOverIt() async throws {
    guard let url = try await AnyDataPostgres.database("plural-postgres.sql") else { return }
    let first = try await PostgresDatabase.open(url: url)
    defer { first.shutdown() }
    let second = try await PostgresDatabase.open(url: url)
    defer { second.shutdown() }
    let orders = try #require(first.store(for: "orders"))
    let others = try #require(second.store(for: "orders"))
    let order = try await AnyDataPostgres.item(orders, "placed", "2024-01-01")
    let same = try await AnyDataPostgres.item(others, "placed", "2024-01-01")
    try await orders.update(order, values: ["placed": .string("2024-01-02")])
    // Another server changes another value, expecting what it read: both stand.
    let due = Date(timeIntervalSince1970: 1_717_243_200)
    try await others.prepareUpdate(same, values: ["due": .date(due)], expecting: ["due": .null])
      .run()
    let row = try await AnyDataPostgres.texts(
      url,
      "SELECT placed || '|' || due::text || '|' "
        + "|| (updated_at > '2021-01-01')::text FROM orders")
    #expect(row == ["2024-01-02|2024-06-01|true"])
  }
}
