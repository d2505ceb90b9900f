import Foundation
import Testing
import Trellis
import TrellisTesting

/// A table with an FTS5 index is searched through it: each word typed is the start of an
/// indexed word, and what a person types is never FTS syntax (the shop's `product_fts`).
@Suite("Any data: full-text search")
struct AnyDataSearchTests {
  /// The products listed after searching for `text`, without the add row and the row that
  /// says the search found nothing.
  private func found(_ text: String, in app: HeadlessApp) throws -> [String] {
    try app.send(.search(text))
    return (app.texts.first ?? []).filter {
      $0 != "New Product" && $0 != "No product rows" && !$0.hasPrefix("No results for")
    }
  }

  @Test func wordsMatchAsPrefixesOfIndexedWords() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("product")
    #expect(try found("ham", in: app) == ["Hammer"])
    #expect(try found("HAM", in: app) == ["Hammer"], "case does not matter")
    #expect(try found("amm", in: app) == [], "the middle of a word is no prefix")
    #expect(try found("s", in: app) == ["Spade", "Saw"])
    #expect(try found("sp ra", in: app) == [], "every word must match")
    #expect(try found("ham-1", in: app) == ["Hammer"], "a code's parts are words")
    #expect(try found("  ", in: app).count == 5, "no word: every row")
  }

  @Test func whatIsTypedIsNeverFTSSyntax() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("product")
    let texts = [
      "\"", "\"ham", "ham AND", "OR", "(", "-ham", "name:ham", "ham*", "^", "NEAR(a b)",
      "ham\u{0}", "\u{0}",
    ]
    for text in texts {
      _ = try found(text, in: app)
      let list = app.top.model.sections.first as? ArrayOfObjectsSection
      #expect(list?.loadState.errorMessage == nil, "\(text): \(list?.loadState.errorMessage ?? "")")
    }
    #expect(try found("\"ham", in: app) == ["Hammer"], "a quote is not syntax")
    #expect(try found("ham*", in: app) == ["Hammer"])
    // FTS5 reads its query up to a NUL: a NUL (a page may send one) separates words.
    #expect(try found("ham\u{0}", in: app) == ["Hammer"])
    #expect(try found("sp\u{0}ra", in: app) == [])
  }
}
