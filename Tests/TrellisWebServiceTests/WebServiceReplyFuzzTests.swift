import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisWebService

/// A service's answers against hostile input: a page in each preset's shape (Django REST
/// framework, Datasette, Parse), and their refusals, mutated many times over. Each variant
/// reads as a page or fails with an error naming the address; never a crash. A page's
/// objects convert, and convert back, whatever their values are.
@Suite("Web-service answer fuzzing")
struct WebServiceReplyFuzzTests {
  static let url = "http://127.0.0.1:1/items/"

  /// Each preset, with conversions for every kind of value, and a page it reads.
  static func services() -> [(WebServiceDefinition, String)] {
    let keys = "name;due;born;price;done"
    var django = WebServiceDefinition.djangoREST(baseURL: url, resource: "items/", keys: keys)
    var datasette = WebServiceDefinition.datasette(
      baseURL: url, database: "db", table: "items", keys: keys)
    var parse = WebServiceDefinition.parse(
      baseURL: url, className: "Item", applicationID: "a", restAPIKey: "k", keys: keys)
    let conversions: [String: ValueConversion] = [
      "due": .iso8601Day, "born": .unixDate, "price": .numericText, "done": .bool, "name": .text,
    ]
    django.conversions = conversions
    datasette.conversions = conversions
    parse.conversions = conversions
    let object =
      #""name": "Milk", "due": "2026-12-01", "born": 1700000000.5, "price": "12.50", "done": 1"#
    return [
      (
        django,
        #"{"count": 41, "next": "http://127.0.0.1:1/items/?page=2", "previous": null, "results": [{"id": 1, \#(object)}, {"id": 2, "name": "Eggs", "due": null, "born": -5, "price": "x", "done": "yes"}]}"#
      ),
      (
        datasette,
        #"{"ok": true, "next_url": null, "count": 2, "rows": [{"id": 7, \#(object)}, {"id": "8", "name": ["a"], "done": "no"}]}"#
      ),
      (
        parse,
        #"{"results": [{"objectId": "xW3", \#(object), "createdAt": "2026-01-31T12:00:00.000Z"}]}"#
      ),
    ]
  }

  static let refusals = [
    #"{"name": ["This field may not be blank."], "detail": "Bad", "non_field_errors": ["No"]}"#,
    #"{"ok": false, "errors": ["price must be a number", "Missing: name"]}"#,
    #"{"code": 142, "error": "name is required"}"#,
  ]

  @Test func aMutatedPageReadsOrSaysWhichAddress() {
    var mutator = TextMutator(
      seed: 0x5E7C,
      words: [
        #""results":"#, #""rows":"#, #""next":"#, #""id":"#, #""count":"#, "null", "1e400", "-0",
        "[]", "{}", #""objectId":"#, "9223372036854775808", #""\ud800""#, "true",
      ],
      swaps: [
        ("results", "result"), ("\"id\"", "\"ID\""), ("1,", "1.5,"), ("null", "{}"),
        ("41", "1e300"), ("\"next\"", "\"nxt\""), ("2026-12-01", "2026-13-45"), ("12.50", "NaN"),
      ])
    var pages = 0
    for (service, seed) in Self.services() {
      for _ in 0..<400 {
        let text = mutator.mutate(seed)
        let page: WebServiceReply.Page
        do {
          let root = try WebServiceReply.json(Array(text.utf8), url: Self.url)
          page = try WebServiceReply.page(root, of: service, url: Self.url)
        } catch {
          #expect(error.description.contains(Self.url), "\(error) for \(text.debugDescription)")
          continue
        }
        pages += 1
        for object in page.results {
          for (key, conversion) in service.conversions {
            if let value = object[key] { _ = conversion.write(value) }
          }
        }
        _ = page.count.map { $0 + 1 }
      }
    }
    #expect(pages > 100)
  }

  @Test func aMutatedRefusalIsReadAsMessages() {
    var mutator = TextMutator(seed: 0x4EF, words: [#""errors":"#, #""error":"#, "[", "{"])
    let formats: [WebServiceDefinition.ErrorFormat] = [
      .fieldLists, .messageList(key: "errors"), .message(key: "error"),
    ]
    for (seed, format) in zip(Self.refusals, formats) {
      for _ in 0..<400 {
        let body = Array(mutator.mutate(seed).utf8)
        let error = WebServiceReply.refusal(
          body, format: format, keys: ["name", "price"], url: Self.url)
        #expect(!error.description.isEmpty)
        _ = WebServiceReply.detail(of: body, url: Self.url)
      }
    }
  }
}
