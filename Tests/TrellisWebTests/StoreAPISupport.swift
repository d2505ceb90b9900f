import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples

@testable import TrellisWeb

/// Stores, APIs and a small HTTP helper shared by the store API's tests.
enum StoreAPISupport {
  /// An in-memory SQLite store of contacts: `people` generated ones, or these.
  static func contacts(people: Int = 20, _ contacts: [Contact]? = nil) throws -> SQLiteStore {
    let store = try SQLiteStore.inMemory(entity: ContactsApp.entity())
    let all = contacts ?? ContactsApp.people(people)
    try store.insertAll(all.map { .object(ObjectReference($0)) })
    return store
  }

  /// An API over `store` at `/api/contacts/`.
  static func api(_ store: SQLiteStore, latency: Duration = .zero) throws -> StoreAPI {
    try StoreAPI(store: store, path: "/api/contacts/", latency: latency)
  }

  /// Runs `body` against `api` served alone on a free loopback port.
  static func live<T: Sendable>(
    _ api: StoreAPI, _ body: @Sendable (any TestClientProtocol) async throws -> T
  ) async throws -> T {
    try await api.application(port: 0).test(.live, body)
  }

  /// The path and query of an absolute link the API gave.
  static func path(of link: String?) throws -> String {
    let url = try #require(link.flatMap(URL.init(string:)))
    return url.path + "/" + (url.query.map { "?" + $0 } ?? "")
  }

  /// A book: the items of a memory store, named by the integer in `number`.
  final class Book {
    var number = 0
    var title = ""
    var pages = 1
    var published: Date?
  }

  /// A memory store of books, named by `number`, whose titles are required and whose pages
  /// are whole numbers from 1 to 5000.
  static func books(_ titles: [String]) throws -> (MemoryStore, StoreAPI) {
    var definition = try DataDefinition(
      for: Book.self,
      properties: [
        .init("number", \Book.number), .init("title", \Book.title), .init("pages", \Book.pages),
        .init("published", \Book.published),
      ], make: { Book() })
    definition["title"]?.isRequired = true
    definition["pages"]?.attributes = .numeric(minimum: 1, maximum: 5000, allowsFloat: false)
    definition.titlePropertyNames = ["title"]
    let books = titles.enumerated().map { index, title in
      let book = Book()
      book.number = (index + 1) * 10
      book.title = title
      return book
    }
    let store = MemoryStore(objects: books, definition: definition)
    let api = try StoreAPI(store: store, path: "/api/books", idKey: "number")
    return (store, api)
  }
}

/// One answer of the API, read.
struct APIReply: Sendable {
  var status: HTTPResponse.Status
  var contentType: String?
  var allow: String?
  var text: String

  /// The body as a JSON object, when it is one.
  var object: [String: Any]? {
    (try? JSONSerialization.jsonObject(with: Data(text.utf8))) as? [String: Any]
  }

  /// `results` of a page.
  var results: [[String: Any]] { object?["results"] as? [[String: Any]] ?? [] }

  /// The ids of a page's results.
  var ids: [Int] { results.compactMap { $0["id"] as? Int } }

  /// A string at `key` of the body.
  func string(_ key: String) -> String? { object?[key] as? String }

  /// The messages of field `key` in a 400 answer.
  func messages(_ key: String) -> [String] { object?[key] as? [String] ?? [] }
}

extension TestClientProtocol {
  /// Sends a request (a JSON body as `application/json` unless told otherwise) and reads the
  /// answer.
  func call(
    _ method: HTTPRequest.Method, _ uri: String, json: String? = nil, bytes: [UInt8]? = nil,
    contentType: String? = "application/json"
  ) async throws -> APIReply {
    var headers = HTTPFields()
    let body = bytes ?? json.map { Array($0.utf8) }
    if body != nil, let contentType { headers[.contentType] = contentType }
    let response = try await execute(
      uri: uri, method: method, headers: headers, body: body.map { ByteBuffer(bytes: $0) })
    return APIReply(
      status: response.status, contentType: response.headers[.contentType],
      allow: response.headers[.allow], text: String(buffer: response.body))
  }
}
