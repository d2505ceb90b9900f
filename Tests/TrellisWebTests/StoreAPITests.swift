import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples

@testable import TrellisWeb

/// The store API against a real server on loopback: pages, search, ordering, reads, writes,
/// validation and errors, in Django REST framework's shapes.
@Suite("Store API", .timeLimit(.minutes(2)))
struct StoreAPITests {
  @Test func pagesCountAndLinkToTheirNeighbours() async throws {
    let api = try StoreAPISupport.api(try StoreAPISupport.contacts(people: 20))
    try await StoreAPISupport.live(api) { client in
      let first = try await client.call(.get, "/api/contacts/")
      #expect(first.status == .ok)
      #expect(first.contentType == "application/json")
      #expect(first.object?["count"] as? Int == 20)
      #expect(first.string("next") == "http://localhost/api/contacts/?page=2")
      #expect(first.object?["previous"] is NSNull)
      #expect(first.ids == Array(1...7))
      let person = try #require(first.results.first)
      #expect(Set(person.keys) == ["id", "firstName", "lastName", "email", "phone"])
      #expect(person["firstName"] as? String == ContactsApp.people(1)[0].firstName)

      let second = try await client.call(.get, try StoreAPISupport.path(of: first.string("next")))
      #expect(second.ids == Array(8...14))
      // Like Django REST framework, the link back to the first page drops `page`.
      #expect(second.string("previous") == "http://localhost/api/contacts/")
      let last = try await client.call(.get, try StoreAPISupport.path(of: second.string("next")))
      #expect(last.ids == Array(15...20))
      #expect(last.object?["next"] is NSNull)
      #expect(last.string("previous") == "http://localhost/api/contacts/?page=2")
      #expect(try await client.call(.get, "/api/contacts/?page=last").ids == Array(15...20))

      for page in ["4", "0", "-1", "abc", "99999999999999999999999"] {
        let beyond = try await client.call(.get, "/api/contacts/?page=\(page)")
        #expect(beyond.status == .notFound, "page=\(page)")
        #expect(beyond.string("detail") == "Invalid page.")
      }
    }
  }

  @Test func pageSizeIsKeptInTheLinksAndCappedAtTheMaximum() async throws {
    let api = try StoreAPISupport.api(try StoreAPISupport.contacts(people: 20))
    try await StoreAPISupport.live(api) { client in
      let page = try await client.call(.get, "/api/contacts/?page_size=5&page=2&search=")
      #expect(page.ids == Array(6...10))
      #expect(page.string("next") == "http://localhost/api/contacts/?page_size=5&page=3&search=")
      #expect(page.string("previous") == "http://localhost/api/contacts/?page_size=5&search=")
      let huge = try await client.call(.get, "/api/contacts/?page_size=99999999999999999999")
      #expect(huge.status == .ok)
      #expect(huge.ids == Array(1...20))
      for size in ["0", "-3", "abc", "2.5"] {
        let bad = try await client.call(.get, "/api/contacts/?page_size=\(size)")
        #expect(bad.status == .badRequest, "page_size=\(size)")
        #expect(bad.string("detail")?.hasPrefix("Invalid page size") == true)
      }
    }
  }

  @Test func searchLooksInTheTitlePropertiesIgnoringCase() async throws {
    let store = try StoreAPISupport.contacts([
      Contact(firstName: "Ada", lastName: "Lovelace", email: "grace@example.com"),
      Contact(firstName: "Grace", lastName: "Hopper"),
      Contact(firstName: "Adele", lastName: "Goldberg"),
      Contact(firstName: "Radia", lastName: "Perlman"),
    ])
    let api = try StoreAPISupport.api(store)
    try await StoreAPISupport.live(api) { client in
      #expect(try await client.call(.get, "/api/contacts/?search=ADA").ids == [1])
      #expect(try await client.call(.get, "/api/contacts/?search=aD").ids == [1, 3, 4])
      // Email is no title property: Grace is found by her name only.
      #expect(try await client.call(.get, "/api/contacts/?search=grace").ids == [2])
      // Every term must match, each in any title property.
      #expect(try await client.call(.get, "/api/contacts/?search=ad+gold").ids == [3])
      #expect(try await client.call(.get, "/api/contacts/?search=ad%2Cperl").ids == [4])
      let none = try await client.call(.get, "/api/contacts/?search=zzz")
      #expect(none.object?["count"] as? Int == 0)
      #expect(none.ids.isEmpty)
      #expect(none.object?["next"] is NSNull)
    }
  }

  @Test func orderingSortsByPropertiesAndIDIgnoringUnknownNames() async throws {
    let store = try StoreAPISupport.contacts([
      Contact(firstName: "Ada", lastName: "Lovelace"),
      Contact(firstName: "Grace", lastName: "Hopper"),
      Contact(firstName: "Alan", lastName: "Lovelace"),
    ])
    let api = try StoreAPISupport.api(store)
    try await StoreAPISupport.live(api) { client in
      #expect(try await client.call(.get, "/api/contacts/?ordering=-id").ids == [3, 2, 1])
      #expect(try await client.call(.get, "/api/contacts/?ordering=lastName").ids == [2, 1, 3])
      #expect(
        try await client.call(.get, "/api/contacts/?ordering=-lastName,-firstName").ids
          == [3, 1, 2])
      let unknown = try await client.call(.get, "/api/contacts/?ordering=shoeSize,-nothing")
      #expect(unknown.status == .ok)
      #expect(unknown.ids == [1, 2, 3])
    }
  }

  @Test func oneItemByIDAndNotFoundForAnyOtherID() async throws {
    let api = try StoreAPISupport.api(try StoreAPISupport.contacts(people: 8))
    try await StoreAPISupport.live(api) { client in
      let five = try await client.call(.get, "/api/contacts/5/")
      #expect(five.status == .ok)
      #expect(five.object?["id"] as? Int == 5)
      #expect(five.string("lastName") == ContactsApp.people(8)[4].lastName)
      #expect(try await client.call(.get, "/api/contacts/5").status == .ok)
      for id in [
        "9", "0", "-1", "+5", "05", "abc", "5.0", "99999999999999999999999", "%F0%9F%90%9B",
      ] {
        let missing = try await client.call(.get, "/api/contacts/\(id)/")
        #expect(missing.status == .notFound, "id \(id)")
        #expect(missing.string("detail") == "Not found.")
        #expect(missing.contentType == "application/json")
      }
    }
  }

  @Test func createAnswers201WithTheNewItemAndItsID() async throws {
    let store = try StoreAPISupport.contacts(people: 3)
    let api = try StoreAPISupport.api(store)
    try await StoreAPISupport.live(api) { client in
      let created = try await client.call(
        .post, "/api/contacts/",
        json: #"{"firstName": "Grace", "lastName": "Hopper", "id": 77, "shoeSize": 9}"#)
      #expect(created.status == .created)
      #expect(created.object?["id"] as? Int == 4)
      #expect(created.string("firstName") == "Grace")
      #expect(created.string("email") == "")
      let read = try await client.call(.get, "/api/contacts/4/")
      #expect(read.string("lastName") == "Hopper")
      #expect(try store.count(FetchOptions()) == 4)
    }
  }

  @Test func invalidValuesAre400WithEachFieldsMessages() async throws {
    let store = try StoreAPISupport.contacts(people: 3)
    let api = try StoreAPISupport.api(store)
    try await StoreAPISupport.live(api) { client in
      let missing = try await client.call(.post, "/api/contacts/", json: #"{"lastName": "X"}"#)
      #expect(missing.status == .badRequest)
      #expect(missing.object?.count == 1)
      #expect(missing.messages("firstName") == ["First Name is required"])
      let wrong = try await client.call(
        .post, "/api/contacts/", json: #"{"firstName": 5, "lastName": null}"#)
      #expect(wrong.status == .badRequest)
      #expect(wrong.messages("firstName").first?.hasPrefix("First Name must be text") == true)
      #expect(wrong.messages("lastName") == ["Last Name may not be null"])
      // In the definition's order.
      #expect(
        wrong.text.range(of: "firstName")!.lowerBound < wrong.text.range(of: "lastName")!.lowerBound
      )
      #expect(try store.count(FetchOptions()) == 3)
    }
  }

  @Test func patchAndPutWriteSomeValuesAndCheckThem() async throws {
    let store = try StoreAPISupport.contacts(people: 3)
    let api = try StoreAPISupport.api(store)
    try await StoreAPISupport.live(api) { client in
      let patched = try await client.call(
        .patch, "/api/contacts/2/", json: #"{"email": "b@example.com"}"#)
      #expect(patched.status == .ok)
      #expect(patched.string("email") == "b@example.com")
      #expect(patched.string("firstName") == ContactsApp.people(3)[1].firstName)
      #expect(try await client.call(.get, "/api/contacts/2/").string("email") == "b@example.com")
      let put = try await client.call(.put, "/api/contacts/2/", json: #"{"phone": "+1"}"#)
      #expect(put.status == .ok)
      #expect(put.string("phone") == "+1" && put.string("email") == "b@example.com")

      let refused = try await client.call(.patch, "/api/contacts/2/", json: #"{"firstName": " "}"#)
      #expect(refused.status == .badRequest)
      #expect(refused.messages("firstName") == ["First Name is required"])
      // The form's checks are the API's: an email that is no address is refused.
      let notAnAddress = try await client.call(
        .patch, "/api/contacts/2/", json: #"{"email": "also bad"}"#)
      #expect(notAnAddress.status == .badRequest)
      #expect(notAnAddress.messages("email").first?.contains("is not an email address") == true)
      #expect(try await client.call(.get, "/api/contacts/2/").string("firstName") != " ")
      let empty = try await client.call(.patch, "/api/contacts/2/", json: "")
      #expect(empty.status == .ok)
      let absent = try await client.call(.patch, "/api/contacts/9/", json: #"{"email": "x"}"#)
      #expect(absent.status == .notFound)
    }
  }

  @Test func deleteAnswers204ThenNotFound() async throws {
    let store = try StoreAPISupport.contacts(people: 5)
    let api = try StoreAPISupport.api(store)
    try await StoreAPISupport.live(api) { client in
      let deleted = try await client.call(.delete, "/api/contacts/4/")
      #expect(deleted.status == .noContent)
      #expect(deleted.text.isEmpty)
      #expect(try await client.call(.get, "/api/contacts/4/").status == .notFound)
      #expect(try await client.call(.delete, "/api/contacts/4/").status == .notFound)
      #expect(try await client.call(.get, "/api/contacts/").ids == [1, 2, 3, 5])
    }
  }

  @Test func malformedBodiesAndWrongMethodsAreRefusedInJSON() async throws {
    let store = try StoreAPISupport.contacts(people: 2)
    let api = try StoreAPISupport.api(store)
    try await StoreAPISupport.live(api) { client in
      let cut = try await client.call(.post, "/api/contacts/", json: #"{"firstName":"#)
      #expect(cut.status == .badRequest)
      #expect(cut.string("detail")?.hasPrefix("JSON parse error - ") == true)
      let badUTF8 = try await client.call(
        .post, "/api/contacts/", bytes: Array(#"{"firstName": ""#.utf8) + [0xC3, 0x28, 0x22, 0x7D])
      #expect(badUTF8.status == .badRequest)
      #expect(badUTF8.string("detail")?.hasPrefix("JSON parse error - ") == true)
      let list = try await client.call(.post, "/api/contacts/", json: "[1, 2]")
      #expect(
        list.messages("non_field_errors") == ["Invalid data. Expected a dictionary, but got array."]
      )
      let form = try await client.call(
        .post, "/api/contacts/", json: "firstName=Ada",
        contentType: "application/x-www-form-urlencoded")
      #expect(form.status == .unsupportedMediaType)
      let wrong = try await client.call(.put, "/api/contacts/")
      #expect(wrong.status == .methodNotAllowed)
      #expect(wrong.allow == "GET, HEAD, POST")
      #expect(wrong.string("detail") == #"Method "PUT" not allowed."#)
      #expect(
        try await client.call(.post, "/api/contacts/1/").allow == "GET, HEAD, PUT, PATCH, DELETE")
      #expect(try store.count(FetchOptions()) == 2)
    }
  }

  @Test func aStoreObserverSeesTheAPIsInsertUpdateAndDelete() async throws {
    let store = try StoreAPISupport.contacts(people: 3)
    let api = try StoreAPISupport.api(store)
    let changes = Locked<[String]>([])
    let token = store.observe { change in changes.withLock { $0.append(change.shape) } }
    try await StoreAPISupport.live(api) { client in
      _ = try await client.call(.post, "/api/contacts/", json: #"{"firstName": "Grace"}"#)
      _ = try await client.call(.patch, "/api/contacts/4/", json: #"{"lastName": "Hopper"}"#)
      _ = try await client.call(.delete, "/api/contacts/1/")
    }
    withExtendedLifetime(token) {}
    #expect(changes.withLock { $0 } == ["inserted after", "updated", "deleted"])
  }

  @Test func aMemoryStoreIsNamedByItsIDKey() async throws {
    let (store, api) = try StoreAPISupport.books(["Dune", "Emma", "Ulysses"])
    #expect(api.path == "/api/books/")
    #expect(api.fieldNames == ["title", "pages", "published"])
    try await StoreAPISupport.live(api) { client in
      let page = try await client.call(.get, "/api/books/?ordering=-title")
      #expect(page.ids == [30, 20, 10])
      #expect(page.results.first?["number"] == nil)
      #expect(try await client.call(.get, "/api/books/20/").string("title") == "Emma")
      let created = try await client.call(.post, "/api/books/", json: #"{"title": "Kim"}"#)
      #expect(created.status == .created)
      #expect(created.object?["id"] as? Int == 31)
      let range = try await client.call(.post, "/api/books/", json: #"{"title": "X", "pages": 0}"#)
      #expect(range.messages("pages") == ["Pages must be at least 1"])
      let patched = try await client.call(.patch, "/api/books/31/", json: #"{"pages": "250"}"#)
      #expect(patched.object?["pages"] as? Int == 250)
      #expect(patched.object?["published"] is NSNull)
      // Dates cross as ISO 8601 text, both ways.
      let dated = try await client.call(
        .patch, "/api/books/31/", json: #"{"published": "2024-05-01T10:00:00Z"}"#)
      #expect(dated.string("published") == "2024-05-01T10:00:00Z")
      let undated = try await client.call(.patch, "/api/books/31/", json: #"{"published": "soon"}"#)
      #expect(undated.messages("published").first?.hasPrefix("Published") == true)
      #expect(
        try await client.call(.get, "/api/books/31/").string("published") == "2024-05-01T10:00:00Z")
      #expect(try await client.call(.delete, "/api/books/10/").status == .noContent)
    }
    #expect(store.allItems.count == 3)
  }

  @Test func latencyDelaysEveryAnswerAndCanChange() async throws {
    // Only lower bounds: a loaded machine can make any answer slow, never fast.
    let api = try StoreAPISupport.api(
      try StoreAPISupport.contacts(people: 2), latency: .seconds(1))
    try await StoreAPISupport.live(api) { client in
      var start = ContinuousClock.now
      let first = try await client.call(.get, "/api/contacts/1/")
      #expect(first.status == .ok)
      #expect(ContinuousClock.now - start >= .seconds(1))
      api.latency = .seconds(3)
      start = ContinuousClock.now
      let second = try await client.call(.get, "/api/contacts/1/")
      #expect(second.status == .ok)
      #expect(ContinuousClock.now - start >= .seconds(3))
    }
  }

  @Test func badConfigurationsAreRefused() throws {
    let (store, _) = try StoreAPISupport.books([])
    #expect(throws: StoreAPIError.noStableIDs("MemoryStore")) {
      try StoreAPI(store: store, path: "/api/books/")
    }
    #expect(throws: StoreAPIError.unknownIDKey("numbr", suggestion: "number")) {
      try StoreAPI(store: store, path: "/api/books/", idKey: "numbr")
    }
    for path in ["", "/", "api/books", "/api/:id/", "/api/../x/", "/api/bö/"] {
      #expect(throws: StoreAPIError.invalidPath(path)) {
        try StoreAPI(store: store, path: path, idKey: "number")
      }
    }
    #expect(throws: StoreAPIError.invalidPageSize(0, maximum: 1000)) {
      try StoreAPI(store: store, path: "/b/", pageSize: 0, idKey: "number")
    }
    #expect(throws: StoreAPIError.noDefinition) {
      try StoreAPI(store: MemoryStore(items: []), path: "/b/", idKey: "number")
    }
  }
}
