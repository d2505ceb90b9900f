import Testing
import TrellisValues

@Suite struct EnglishNounTests {
  /// Singulars and their plurals, as database tables, web resources and counts name them.
  static let pairs: [(singular: String, plural: String)] = [
    ("order", "orders"), ("customer", "customers"), ("category", "categories"),
    ("address", "addresses"), ("status", "statuses"), ("box", "boxes"), ("match", "matches"),
    ("wish", "wishes"), ("day", "days"), ("key", "keys"), ("person", "people"),
    ("child", "children"), ("analysis", "analyses"), ("movie", "movies"), ("cache", "caches"),
    ("course", "courses"), ("response", "responses"), ("case", "cases"), ("house", "houses"),
    ("database", "databases"), ("move", "moves"), ("archive", "archives"), ("knife", "knives"),
    ("hero", "heroes"), ("photo", "photos"), ("shoe", "shoes"), ("quiz", "quizzes"),
    ("bus", "buses"), ("alias", "aliases"), ("matrix", "matrices"), ("tie", "ties"),
    ("fly", "flies"), ("index", "indexes"), ("criterion", "criteria"), ("series", "series"),
    ("news", "news"), ("sheep", "sheep"), ("purchase", "purchases"), ("license", "licenses"),
    ("waltz", "waltzes"), ("class", "classes"), ("gas", "gases"), ("use", "uses"),
  ]

  @Test func everyPluralHasItsSingularAndBack() {
    for (singular, plural) in Self.pairs {
      #expect(EnglishNoun.plural(singular) == plural, "plural of \(singular)")
      #expect(EnglishNoun.singular(plural) == singular, "singular of \(plural)")
    }
  }

  @Test func aSingularStaysSingular() {
    for (singular, _) in Self.pairs {
      #expect(EnglishNoun.singular(singular) == singular, "\(singular) is singular already")
    }
    #expect(EnglishNoun.singular("indices") == "index")
    #expect(EnglishNoun.singular("s") == "s")
    #expect(EnglishNoun.singular("") == "")
  }

  @Test func onlyTheLastWordChangesAndKeepsItsCase() {
    #expect(EnglishNoun.singular("line_items") == "line_item")
    #expect(EnglishNoun.singular("LineItems") == "LineItem")
    #expect(EnglishNoun.singular("ORDER_ITEMS") == "ORDER_ITEM")
    #expect(EnglishNoun.singular("Orders") == "Order")
    #expect(EnglishNoun.singular("order-statuses") == "order-status")
    #expect(EnglishNoun.singular("URLs") == "URL")
    #expect(EnglishNoun.singular("iPhones") == "iPhone")
    #expect(EnglishNoun.singular("People") == "Person")
    #expect(EnglishNoun.plural("InvoiceLine") == "InvoiceLines")
    #expect(EnglishNoun.plural("Line_item") == "Line_items")
    #expect(EnglishNoun.plural("Category") == "Categories")
    #expect(EnglishNoun.plural("ORDER") == "ORDERS")
    #expect(EnglishNoun.plural("stock move") == "stock moves")
    // Nothing to inflect: no letters in the last word.
    #expect(EnglishNoun.plural("table_2") == "table_2")
  }

  @Test func theArticleFollowsTheSound() {
    for word in ["Order", "Item", "Album", "Employee", "Invoice", "hour", "Umbrella"] {
      #expect(EnglishNoun.indefiniteArticle(for: word) == "an", "\(word)")
    }
    for word in ["Customer", "User", "Unit", "Euro", "Track", "URL", ""] {
      #expect(EnglishNoun.indefiniteArticle(for: word) == "a", "\(word)")
    }
  }
}
