import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Testing

@testable import TrellisWeb

/// An app's API keeps to its policy for the person signed in.
@Suite("Store API access", .timeLimit(.minutes(3)))
struct StoreAPIAccessTests {
  static func people() async throws -> SQLitePeopleStore {
    try await SignInSupport.people(
      SignInSupport.members + [
        ("rita", "rita-secret", ["reader"]), ("ada", "ada-secret", ["admin"]),
        ("zed", "zed-secret", []),
      ])
  }

  static func ids(_ reply: SignInReply) -> [Int] {
    let object = try? JSONSerialization.jsonObject(with: Data(reply.text.utf8)) as? [String: Any]
    return (object?["results"] as? [[String: Any]] ?? []).compactMap { $0["id"] as? Int }
  }

  static func field(_ reply: SignInReply, _ key: String) -> String? {
    let object = try? JSONSerialization.jsonObject(with: Data(reply.text.utf8)) as? [String: Any]
    return object?[key] as? String
  }

  @Test func membersReadAndWriteOnlyTheirOwnItems() async throws {
    let notes = try NotesFixture()
    let server = try WebServer(
      apps: [notes.app], configuration: SignInSupport.configuration(try await Self.people()))
    try await server.application().test(.live) { client in
      #expect(try await client.send(.get, "/api/notes/", token: nil).status == .unauthorized)
      let ann = try await client.token("ann", "ann-secret")
      let list = try await client.send(.get, "/api/notes/", token: ann)
      #expect(list.status == .ok)
      #expect(Self.ids(list) == [1])
      #expect(list.text.contains(#""count":1"#) || list.text.contains(#""count": 1"#))
      #expect(!list.text.contains("Bob"))
      #expect(Self.ids(try await client.send(.get, "/api/notes/?search=note", token: ann)) == [1])
      // Another person's item is not there at all.
      for method: HTTPRequest.Method in [.get, .put, .patch, .delete] {
        let body = method == .get || method == .delete ? nil : #"{"title": "Mine now"}"#
        let reply = try await client.send(method, "/api/notes/2/", token: ann, body: body)
        #expect(reply.status == .notFound, "\(method)")
      }
      #expect(try await client.send(.get, "/api/notes/1/", token: ann).status == .ok)
      // Added items are hers; she may not add one for someone else.
      let added = try await client.send(
        .post, "/api/notes/", token: ann, body: #"{"title": "Second"}"#)
      #expect(added.status == .created)
      #expect(Self.field(added, "owner") == "ann")
      let forOther = try await client.send(
        .post, "/api/notes/", token: ann, body: #"{"title": "Gift", "owner": "bob"}"#)
      #expect(forOther.status == .forbidden)
      #expect(Self.field(forOther, "detail")?.hasPrefix("You may not add") == true)
      // Nor give hers away.
      let given = try await client.send(
        .patch, "/api/notes/1/", token: ann, body: #"{"owner": "bob"}"#)
      #expect(given.status == .forbidden)
      #expect(Self.field(given, "detail")?.hasPrefix("You may not change") == true)
      let kept = try await client.send(.get, "/api/notes/1/", token: ann)
      #expect(Self.field(kept, "owner") == "ann")
      // A page of another site cannot change her notes with her cookie; reading is the
      // browser's to refuse it.
      let forged = try await client.send(
        .patch, "/api/notes/1/", token: ann, headers: [.origin: "http://evil.example"],
        body: #"{"title": "Forged"}"#)
      #expect(forged.status == .forbidden)
      #expect(Self.field(forged, "detail") == "This request was sent from another site.")
      let renamed = try await client.send(
        .patch, "/api/notes/1/", token: ann, headers: [.origin: WebTestSupport.origin],
        body: #"{"title": "Renamed"}"#)
      #expect(renamed.status == .ok)
      #expect(Self.field(renamed, "title") == "Renamed")
      #expect(try await client.send(.delete, "/api/notes/1/", token: ann).status == .noContent)
      let bob = try await client.token("bob", "bob-secret")
      #expect(Self.ids(try await client.send(.get, "/api/notes/", token: bob)) == [2])
    }
    #expect(try notes.store.count(FetchOptions()) == 2)
  }

  @Test func everyMethodWithoutPermissionIsRefusedWith403() async throws {
    let notes = try NotesFixture()
    let server = try WebServer(
      apps: [notes.app], configuration: SignInSupport.configuration(try await Self.people()))
    try await server.application().test(.live) { client in
      let rita = try await client.token("rita", "rita-secret")
      #expect(Self.ids(try await client.send(.get, "/api/notes/", token: rita)) == [1, 2])
      #expect(try await client.send(.get, "/api/notes/2/", token: rita).status == .ok)
      let writes: [(HTTPRequest.Method, String, String?)] = [
        (.post, "/api/notes/", #"{"title": "New"}"#),
        (.put, "/api/notes/1/", #"{"title": "Changed"}"#),
        (.patch, "/api/notes/2/", #"{"title": "Changed"}"#),
        (.delete, "/api/notes/1/", nil),
      ]
      for (method, path, body) in writes {
        let reply = try await client.send(method, path, token: rita, body: body)
        #expect(reply.status == .forbidden, "\(method) \(path)")
        #expect(Self.field(reply, "detail")?.hasPrefix("You may not") == true)
      }
      // Someone with no role sees nothing.
      let zed = try await client.token("zed", "zed-secret")
      let none = try await client.send(.get, "/api/notes/", token: zed)
      #expect(Self.ids(none) == [])
      #expect(try await client.send(.get, "/api/notes/1/", token: zed).status == .notFound)
      #expect(
        try await client.send(.post, "/api/notes/", token: zed, body: #"{"title": "x"}"#).status
          == .forbidden)
      // An admin does anything.
      let ada = try await client.token("ada", "ada-secret")
      #expect(Self.ids(try await client.send(.get, "/api/notes/", token: ada)) == [1, 2])
      #expect(try await client.send(.delete, "/api/notes/2/", token: ada).status == .noContent)
    }
    #expect(try notes.store.count(FetchOptions()) == 1)
  }

  @Test func aProgramReadsTheAPIWithABearerTokenAndLosesItWithItsPerson() async throws {
    let notes = try NotesFixture()
    let people = try await Self.people()
    let configuration = SignInSupport.configuration(people)
    let signIn = try #require(configuration.signIn)
    let token = try await signIn.issueToken(
      for: "reporter", roles: ["member"], lifetime: .seconds(600))
    let server = try WebServer(apps: [notes.app], configuration: configuration)
    try await server.application().test(.live) { client in
      var bearer = HTTPFields()
      bearer[.authorization] = "Bearer \(token)"
      #expect(try await client.send(.get, "/api/notes/", token: nil).status == .unauthorized)
      let list = try await client.send(.get, "/api/notes/", token: nil, headers: bearer)
      #expect(list.status == .ok)
      // The program is a person like any other: a member, without items of its own yet.
      #expect(Self.ids(list) == [])
      // Nobody signs in as it through the form.
      #expect(try await client.signIn("reporter", "").status != .seeOther)
      _ = try await people.remove(named: "reporter")
      #expect(
        try await client.send(.get, "/api/notes/", token: nil, headers: bearer).status
          == .unauthorized)
    }
  }

  @Test func theAPIStillTakesOnlyJSONBodies() async throws {
    let notes = try NotesFixture()
    let server = try WebServer(
      apps: [notes.app], configuration: SignInSupport.configuration(try await Self.people()))
    try await server.application().test(.live) { client in
      let ada = try await client.token("ada", "ada-secret")
      let form = try await client.send(
        .post, "/api/notes/", token: ada,
        headers: [.contentType: "application/x-www-form-urlencoded"], body: "title=x")
      #expect(form.status == .unsupportedMediaType)
    }
  }
}
