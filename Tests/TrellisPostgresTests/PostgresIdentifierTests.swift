import Testing
import Trellis

@testable import TrellisPostgres

/// Names in SQL: any name PostgreSQL holds, quoted; and the channels and trigger names made of
/// a table's name, plain, within 63 bytes, and one per table.
@Suite("PostgreSQL identifiers")
struct PostgresIdentifierTests {
  @Test func anyNamePostgreSQLHoldsIsQuotedWithItsQuotesDoubled() throws {
    #expect(try PostgresIdentifier.quoted("Order Items") == #""Order Items""#)
    #expect(try PostgresIdentifier.quoted(#"weird"name"#) == #""weird""name""#)
    #expect(try PostgresIdentifier.quoted("Prénom") == #""Prénom""#)
    for name in ["", "a\u{0}b", String(repeating: "é", count: 32)] {
      #expect(throws: StoreError.self) { try PostgresIdentifier.quoted(name) }
    }
    #expect(throws: StoreError.self) { try PostgresIdentifier.plainQuoted("Order Items") }
  }

  @Test func aPlainTablesChannelIsItsName() {
    #expect(PostgresTriggers.channel(for: "contact") == "trellis_contact")
    #expect(PostgresTriggers.channel(for: "Customers") == "trellis_Customers")
    let long = String(repeating: "a", count: 60)
    let channel = PostgresTriggers.channel(for: long)
    #expect(channel.hasPrefix("trellis_" + String(repeating: "a", count: 38) + "_"))
    #expect(channel.utf8.count <= 63)
    #expect(PostgresTriggers.pairTrigger("product", "Tags") == "trellis_pairs_product_tags")
  }

  @Test func namesThatNeedQuotingGivePlainChannelsOnePerTable() {
    let tables = [
      "Order Items", "order items", "ORDER ITEMS", "Order-Items", "Order  Items", "order_items",
      #"weird"name"#, "weird'name", "Prénom", "Prenom",
      String(repeating: "é", count: 31), String(repeating: "Long name ", count: 6),
    ]
    let channels = tables.map(PostgresTriggers.channel(for:))
    #expect(Set(channels).count == tables.count, "\(channels)")
    for (table, channel) in zip(tables, channels) {
      #expect(channel.utf8.count <= 63, "\(channel)")
      #expect(PostgresIdentifier.isPlain(channel), "\(channel)")
      // A plain name is kept; one that needs quoting is folded, as unquoted SQL folds it.
      if PostgresIdentifier.isPlain(table) {
        #expect(channel == "trellis_" + table)
      } else {
        #expect(channel == channel.lowercased(), "\(channel)")
      }
    }
    #expect(PostgresTriggers.channel(for: "Order Items").hasPrefix("trellis_order_items_"))
    let triggers = tables.map { PostgresTriggers.pairTrigger($0, "Gift_Tags") }
    #expect(Set(triggers).count == tables.count, "\(triggers)")
    for trigger in triggers {
      #expect(trigger.utf8.count <= 61, "\(trigger)")
      #expect(PostgresIdentifier.isPlain(trigger), "\(trigger)")
    }
  }
}
