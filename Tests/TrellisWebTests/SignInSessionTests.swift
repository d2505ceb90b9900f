import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import Testing
import TrellisExamples
import WSClient

@testable import TrellisWeb

/// The sessions of people who signed in: counted per person, connected only by them, and
/// keeping to the app's policy.
@Suite("Signed-in sessions", .timeLimit(.minutes(3)))
struct SignInSessionTests {
  @Test func theSessionCapCountsPerPerson() async throws {
    let people = try await SignInSupport.people()
    var configuration = SignInSupport.configuration(people)
    configuration.maxSessionsPerClient = 2
    let server = try SignInSupport.tasksServer(configuration)
    try await server.application().test(.live) { client in
      let ann = try await client.token("ann", "ann-secret")
      let annAgain = try await client.token("ann", "ann-secret")
      #expect(try await client.send(.get, "/apps/tasks", token: ann).status == .ok)
      #expect(try await client.send(.get, "/apps/tasks", token: annAgain).status == .ok)
      // A new sign-in does not give Ann more.
      let third = try await client.send(.get, "/apps/tasks", token: ann)
      #expect(third.status == .tooManyRequests)
      #expect(third.text.contains("You have too many pages of this app open"))
      #expect(third.text.contains("about a minute).<"))
      // The page still says who is signed in, with the way to sign out.
      #expect(third.text.contains("Signed in as"))
      // Bob, from the same address, is not held up by her.
      let bob = try await client.token("bob", "bob-secret")
      #expect(try await client.send(.get, "/apps/tasks", token: bob).status == .ok)
    }
  }

  @Test func onlyTheSessionsPersonConnectsItsPage() async throws {
    let people = try await SignInSupport.people()
    let server = try SignInSupport.tasksServer(SignInSupport.configuration(people))
    try await server.application().test(.live) { client in
      let ann = try await client.token("ann", "ann-secret")
      let bob = try await client.token("bob", "bob-secret")
      let page = try await client.send(.get, "/apps/tasks", token: ann)
      let session = try #require(WebTestSupport.session(in: page.text))
      let path = WebTestSupport.wsPath((session.id, session.token, page.text))
      let port = try #require(client.port)
      let anonymous = try await SignInSupport.upgradeStatus(port: port, path: path, token: nil)
      #expect(anonymous.contains(" 401 "))
      let someoneElse = try await SignInSupport.upgradeStatus(port: port, path: path, token: bob)
      #expect(someoneElse.contains(" 403 "))
      var configuration = WebTestSupport.wsConfiguration
      configuration.additionalHeaders[.cookie] = "\(SessionToken.cookieName)=\(ann)"
      try await client.ws(path, configuration: configuration) { inbound, _, _ in
        var reader = MessageReader(inbound)
        let screen = try await reader.next("screen")
        #expect("\(screen)".contains("Water the plants"))
      }
    }
  }

  @Test func signingOutClosesThePagesOfTheSessionAtOnce() async throws {
    let people = try await SignInSupport.people()
    let server = try SignInSupport.tasksServer(SignInSupport.configuration(people))
    try await server.application().test(.live) { client in
      let ann = try await client.token("ann", "ann-secret")
      let page = try await client.send(.get, "/apps/tasks", token: ann)
      let session = try #require(WebTestSupport.session(in: page.text))
      let path = WebTestSupport.wsPath((session.id, session.token, page.text))
      var configuration = WebTestSupport.wsConfiguration
      configuration.additionalHeaders[.cookie] = "\(SessionToken.cookieName)=\(ann)"
      let closed = try await client.ws(path, configuration: configuration) { inbound, _, _ in
        var reader = MessageReader(inbound)
        _ = try await reader.next("screen")
        // Another tab signs out; this page sends nothing, and its next ping is 30 s away.
        let started = ContinuousClock.now
        let reply = try await client.send(
          .post, "/sign-out", token: ann, headers: [.origin: WebTestSupport.origin])
        #expect(reply.status == .seeOther)
        await #expect(throws: SocketClosed.self) {
          while true { _ = try await reader.next() }
        }
        #expect(ContinuousClock.now - started < .seconds(20))
      }
      #expect(closed?.closeCode == .unknown(4001))
      #expect(closed?.reason == "You are signed out. Reload the page to sign in again.")
    }
  }

  @Test(arguments: ["roles", "remove", "password", "sign-out elsewhere"])
  func aSessionEndedElsewhereClosesItsPageWithinASecondOrSo(_ how: String) async throws {
    let people = try await SignInSupport.people()
    var configuration = SignInSupport.configuration(people)
    configuration.signIn?.sessionCheckInterval = .milliseconds(200)
    let server = try SignInSupport.tasksServer(configuration)
    // `trellis users`, or another server, ends the session through a connection of its own,
    // as another process does.
    let elsewhere = try SQLitePeopleStore(path: people.path)
    try await server.application().test(.live) { client in
      let ann = try await client.token("ann", "ann-secret")
      let bob = try await client.token("bob", "bob-secret")
      func openPage(_ token: String) async throws -> String {
        let page = try await client.send(.get, "/apps/tasks", token: token)
        let session = try #require(WebTestSupport.session(in: page.text))
        return WebTestSupport.wsPath((session.id, session.token, page.text))
      }
      let (annPath, bobPath) = (try await openPage(ann), try await openPage(bob))
      func headers(_ token: String) -> WebSocketClientConfiguration {
        var configuration = WebTestSupport.wsConfiguration
        configuration.additionalHeaders[.cookie] = "\(SessionToken.cookieName)=\(token)"
        return configuration
      }
      let (annHeaders, bobHeaders) = (headers(ann), headers(bob))
      // Bob's page is open throughout: only the ended session's pages close.
      let bobClosed = try await client.ws(bobPath, configuration: bobHeaders) {
        bobInbound, bobOutbound, _ in
        var bobReader = MessageReader(bobInbound)
        _ = try await bobReader.next("screen")
        let closed = try await client.ws(annPath, configuration: annHeaders) { annInbound, _, _ in
          var annReader = MessageReader(annInbound)
          _ = try await annReader.next("screen")
          // Neither page sends anything, and the next ping is 30 s away.
          let started = ContinuousClock.now
          switch how {
          case "roles": #expect(try await elsewhere.setRoles(["admin"], named: "ann"))
          case "remove": #expect(try await elsewhere.remove(named: "ann"))
          case "password":
            let hash = try await PasswordHasher.hash("new-secret", cost: 4)
            #expect(try await elsewhere.setPasswordHash(hash, named: "ann"))
          default: try await elsewhere.removeSession(SessionToken.hash(ann))
          }
          await #expect(throws: SocketClosed.self) {
            while true { _ = try await annReader.next() }
          }
          #expect(ContinuousClock.now - started < .seconds(5))
        }
        #expect(closed?.closeCode == .unknown(4001))
        #expect(closed?.reason == "You are signed out. Reload the page to sign in again.")
        // Bob's page is still open: he is the one to close it.
        try await bobOutbound.close(.normalClosure, reason: nil)
      }
      #expect(bobClosed?.closeCode == .normalClosure)
    }
  }

  @Test func aPersonsSessionKeepsToTheAppsPolicy() async throws {
    let people = try await SignInSupport.people(
      SignInSupport.members + [("ada", "ada-secret", ["admin"])])
    let notes = try NotesFixture()
    let server = try WebServer(
      apps: [notes.app], configuration: SignInSupport.configuration(people))
    try await server.application().test(.live) { client in
      let ann = try await client.token("ann", "ann-secret")
      let annPage = try await client.send(.get, "/apps/notes", token: ann)
      #expect(annPage.text.contains("Note of Ann"))
      #expect(!annPage.text.contains("Note of Bob"))
      let ada = try await client.token("ada", "ada-secret")
      let adaPage = try await client.send(.get, "/apps/notes", token: ada)
      #expect(adaPage.text.contains("Note of Ann"))
      #expect(adaPage.text.contains("Note of Bob"))
    }
  }
}
