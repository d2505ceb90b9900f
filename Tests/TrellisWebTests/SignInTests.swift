import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import HummingbirdWSTesting
import NIOCore
import Testing
import TrellisExamples

@testable import TrellisWeb

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// Sign-in on a real server: pages, the WebSocket and the APIs need a session; the form, its
/// cookie, throttling, sign-out and expiry.
@Suite("Sign-in", .timeLimit(.minutes(3)))
struct SignInTests {
  @Test func withSignInPagesRedirectAndTheSocketAndAPIAnswer401() async throws {
    let people = try await SignInSupport.people()
    var app = WebApp(id: "contacts", title: "Contacts") {
      Navigator(root: Screen(model: TableModel(title: "Contacts")))
    }
    app.apis = [try StoreAPISupport.api(try StoreAPISupport.contacts(people: 2))]
    let server = try WebServer(apps: [app], configuration: SignInSupport.configuration(people))
    try await server.application().test(.live) { client in
      let home = try await client.send(.get, "/", token: nil)
      #expect(home.status == .seeOther)
      #expect(home.location == "/sign-in?next=/")
      let page = try await client.send(.get, "/apps/contacts?x=1&y=2", token: nil)
      #expect(page.status == .seeOther)
      #expect(page.location == "/sign-in?next=/apps/contacts%3Fx%3D1%26y%3D2")
      let api = try await client.send(.get, "/api/contacts/", token: nil)
      #expect(api.status == .unauthorized)
      #expect(api.text.contains("Authentication credentials were not provided."))
      let write = try await client.send(.post, "/api/contacts/", token: nil, body: "{}")
      #expect(write.status == .unauthorized)
      let port = try #require(client.port)
      let status = try await SignInSupport.upgradeStatus(
        port: port, path: "/ws?app=contacts&session=a&token=b", token: nil)
      #expect(status.contains(" 401 "))
      // The sign-in page and what it loads are open.
      let form = try await client.send(.get, "/sign-in?next=/apps/contacts", token: nil)
      #expect(form.status == .ok)
      #expect(form.text.contains(#"<form class="sign-in" method="post" action="/sign-in">"#))
      #expect(form.text.contains(#"name="next" value="/apps/contacts""#))
      // Forms carry the page's origin only when the referrer policy lets them.
      #expect(form.referrerPolicy == "same-origin")
      #expect(!form.text.contains("<script>"))
      #expect(try await client.send(.get, "/assets/trellis.css", token: nil).status == .ok)
      // Signed in, everything answers, and the pages say who.
      let signedIn = try await client.signIn("ann", "ann-secret", next: "/apps/contacts")
      #expect(signedIn.status == .seeOther)
      #expect(signedIn.location == "/apps/contacts")
      let token = try #require(signedIn.token)
      let after = try await client.send(.get, "/", token: token)
      #expect(after.status == .ok)
      #expect(after.text.contains("Signed in as <strong>ann</strong>"))
      #expect(after.text.contains(#"<form class="sign-out" method="post" action="/sign-out">"#))
      let appPage = try await client.send(.get, "/apps/contacts", token: token)
      #expect(appPage.text.contains("Signed in as <strong>ann</strong>"))
      #expect(try await client.send(.get, "/api/contacts/", token: token).status == .ok)
    }
  }

  @Test func aWrongPasswordOrAnUnknownNameIsRefused() async throws {
    let people = try await SignInSupport.people()
    let server = try SignInSupport.tasksServer(SignInSupport.configuration(people))
    try await server.application().test(.live) { client in
      let wrong = try await client.signIn("ann", "bob-secret")
      #expect(wrong.status == .unauthorized)
      #expect(wrong.token == nil)
      #expect(wrong.text.contains("The name or the password is wrong."))
      let unknown = try await client.signIn("nobody", "ann-secret")
      #expect(unknown.status == .unauthorized)
      #expect(unknown.token == nil)
      let empty = try await client.signIn("ann", "")
      #expect(empty.token == nil)
    }
  }

  @Test func theFormIsTakenOnlyFromThisSiteAndOnlyAsAForm() async throws {
    let people = try await SignInSupport.people()
    let server = try SignInSupport.tasksServer(SignInSupport.configuration(people))
    try await server.application().test(.live) { client in
      let foreign = try await client.signIn(
        "ann", "ann-secret", headers: [.origin: "http://evil.example"])
      #expect(foreign.status == .forbidden)
      #expect(foreign.token == nil)
      let json = try await client.send(
        .post, "/sign-in", token: nil, headers: [.origin: WebTestSupport.origin],
        body: #"{"name": "ann", "password": "ann-secret"}"#)
      #expect(json.status == .unsupportedMediaType)
      #expect(json.token == nil)
      // A `next` off this site goes home instead.
      for next in ["//evil.example/", "https://evil.example/", "/\\evil.example", "apps"] {
        let reply = try await client.signIn("ann", "ann-secret", next: next)
        #expect(reply.location == "/", "next=\(next)")
      }
    }
  }

  /// A Tasks server with Ann and Bob, behind a trusted proxy on loopback that names each
  /// request's client (``from(_:)``).
  static func proxiedServer() async throws -> WebServer {
    var configuration = SignInSupport.configuration(try await SignInSupport.people())
    configuration.trustedProxy = TrustedProxy(
      header: "X-Forwarded-For", addresses: ["127.0.0.1", "::1"])
    return try SignInSupport.tasksServer(configuration)
  }

  /// The headers of a request the trusted proxy forwards from `address`.
  static func from(_ address: String) -> HTTPFields {
    [HTTPField.Name("X-Forwarded-For")!: "198.51.100.9, \(address)"]
  }

  @Test func repeatedFailuresAreThrottledPerNameAndAddressWhileOthersGetThrough() async throws {
    let server = try await Self.proxiedServer()
    try await server.application().test(.live) { client in
      for _ in 0..<5 {
        let reply = try await client.signIn("ann", "guess", headers: Self.from("10.0.0.1"))
        #expect(reply.status == .unauthorized)
      }
      // The right password no longer helps, for the name from that address.
      let throttled = try await client.signIn("ann", "ann-secret", headers: Self.from("10.0.0.1"))
      #expect(throttled.status == .tooManyRequests)
      #expect(throttled.token == nil)
      #expect(throttled.text.contains("Too many failed sign-ins"))
      #expect(throttled.text.contains("Try again in 15 minutes"))
      #expect(Int(throttled.retryAfter ?? "") ?? 0 > 800)
      // Ann from elsewhere, and Bob behind the same address, still sign in.
      let sameName = try await client.signIn("ann", "ann-secret", headers: Self.from("10.0.0.2"))
      #expect(sameName.status == .seeOther)
      let sameAddress = try await client.signIn("bob", "bob-secret", headers: Self.from("10.0.0.1"))
      #expect(sameAddress.status == .seeOther)
      #expect(sameAddress.token != nil)
    }
  }

  @Test func aNameGuessedFromManyAddressesAndAnAddressGuessingManyNamesAreThrottled()
    async throws
  {
    let server = try await Self.proxiedServer()
    try await server.application().test(.live) { client in
      // 4 × 5 failures for Ann, from 4 addresses: 20 for her name.
      for address in 1...4 {
        for _ in 0..<5 {
          _ = try await client.signIn("ann", "guess", headers: Self.from("10.0.1.\(address)"))
        }
      }
      let fresh = try await client.signIn("ann", "ann-secret", headers: Self.from("10.0.1.9"))
      #expect(fresh.status == .tooManyRequests)
      // 20 failures from one address, over 20 names: Bob is refused there, not elsewhere.
      for index in 0..<20 {
        _ = try await client.signIn("nobody\(index)", "guess", headers: Self.from("10.0.2.1"))
      }
      let there = try await client.signIn("bob", "bob-secret", headers: Self.from("10.0.2.1"))
      #expect(there.status == .tooManyRequests)
      let elsewhere = try await client.signIn("bob", "bob-secret", headers: Self.from("10.0.2.2"))
      #expect(elsewhere.status == .seeOther)
    }
  }

  @Test func signInsSentAtOnceGetNoMorePasswordChecksThanOneByOne() async throws {
    let people = try await SignInSupport.people()
    let gate = SignInGate(try #require(SignInSupport.configuration(people).signIn))
    let client = ClientAddress(try SocketAddress(ipAddress: "10.0.3.1", port: 1))
    // 40 sign-ins at once, the right password last among them.
    let outcomes = try await withThrowingTaskGroup(of: String.self) { group in
      for index in 0..<40 {
        group.addTask {
          switch try await gate.signIn(
            name: "ann", password: index == 39 ? "ann-secret" : "guess", client: client)
          {
          case .signedIn: "signed in"
          case .refused: "refused"
          case .throttled: "throttled"
          case .busy: "busy"
          }
        }
      }
      return try await group.reduce(into: [String]()) { $0.append($1) }
    }
    // At most 5 passwords were checked; the rest were throttled, or found the server busy,
    // without a check.
    let checked = outcomes.filter { $0 != "throttled" && $0 != "busy" }.count
    #expect(checked <= 5, "\(outcomes)")
    #expect(checked >= 1)
    #expect(outcomes.count == 40)
  }

  /// Sign-ins from many addresses at once, each within its own throttle, get no more password
  /// checks at a time than the server allows; the rest are told it is busy, with no check.
  @Test func signInsFromManyAddressesAtOnceWaitForNoMoreChecksThanTheServerAllows() async throws {
    let people = SlowPeopleStore(try await SignInSupport.people())
    var signIn = try #require(SignInSupport.configuration(people).signIn)
    signIn.maxChecksAtOnce = 2
    let gate = SignInGate(signIn)
    func attempt(_ index: Int) async throws -> SignInGate.Outcome {
      let client = ClientAddress(try SocketAddress(ipAddress: "10.0.4.\(index)", port: 1))
      return try await gate.signIn(name: "ann", password: "guess", client: client)
    }
    // Two checks start and wait on the store; a third, from another address, is not checked.
    async let first = attempt(1)
    async let second = attempt(2)
    #expect(await people.waitForLookups(2))
    guard case .busy = try await attempt(3) else {
      Issue.record("a third check at once was let through")
      return
    }
    #expect(await people.lookups == 2)
    people.release()
    for outcome in [try await first, try await second] {
      guard case .refused = outcome else {
        Issue.record("a check under way ended \(outcome)")
        continue
      }
    }
    // With the checks over, the next sign-in is checked (and right).
    let client = ClientAddress(try SocketAddress(ipAddress: "10.0.4.4", port: 1))
    guard
      case .signedIn = try await gate.signIn(name: "ann", password: "ann-secret", client: client)
    else {
      Issue.record("the sign-in after the busy ones was not checked")
      return
    }
  }

  /// Over HTTP, a sign-in while the server's checks are all under way is answered 503 with
  /// `Retry-After` and a message that says why.
  @Test func aSignInWhileEveryCheckIsUnderWayIsAnswered503() async throws {
    let people = SlowPeopleStore(try await SignInSupport.people())
    var configuration = SignInSupport.configuration(people)
    configuration.signIn?.maxChecksAtOnce = 1
    configuration.trustedProxy = TrustedProxy(
      header: "X-Forwarded-For", addresses: ["127.0.0.1", "::1"])
    let server = try SignInSupport.tasksServer(configuration)
    try await server.application().test(.live) { client in
      // The held sign-in on a connection of its own: the test client sends one at a time.
      let port = try #require(client.port)
      var request = URLRequest(url: URL(string: "http://127.0.0.1:\(port)/sign-in")!)
      request.httpMethod = "POST"
      request.httpBody = Data("name=ann&password=ann-secret".utf8)
      request.setValue("application/x-www-form-urlencoded", forHTTPHeaderField: "Content-Type")
      request.setValue(WebTestSupport.origin, forHTTPHeaderField: "Origin")
      request.setValue("198.51.100.9, 10.0.5.1", forHTTPHeaderField: "X-Forwarded-For")
      let held = Task { try await URLSession.shared.data(for: request) }
      #expect(await people.waitForLookups(1))
      let busy = try await client.signIn("bob", "bob-secret", headers: Self.from("10.0.5.2"))
      #expect(busy.status == .serviceUnavailable)
      #expect(busy.retryAfter == "2")
      #expect(busy.text.contains("checking many sign-ins at once"))
      people.release()
      // Signed in: redirected to the apps, which URLSession follows.
      let (_, answer) = try await held.value
      #expect((answer as? HTTPURLResponse)?.statusCode == 200)
      let later = try await client.signIn("bob", "bob-secret", headers: Self.from("10.0.5.2"))
      #expect(later.status == .seeOther)
    }
  }

  @Test func theThrottleForgetsOldFailuresAndStaysBounded() {
    let throttle = SignInThrottle(limit: 3, window: .seconds(60), capacity: 4)
    let start = Date(timeIntervalSince1970: 1_000_000)
    let keys = SignInThrottle.keys(name: "ann", client: ClientAddress(nil))
    for second in 0..<3 { throttle.recordFailure(keys, now: start + Double(second)) }
    #expect(throttle.retryTime(keys, now: start + 10) == start + 60)
    #expect(throttle.retryTime(keys, now: start + 61) == nil)
    for index in 0..<10 {
      throttle.recordFailure(["pair:n\(index)"], now: start + 100 + Double(index))
    }
    #expect(throttle.count == 4)
    throttle.recordFailure(["pair:n9"], now: start + 150)
    throttle.recordFailure(["pair:n9"], now: start + 151)
    #expect(throttle.retryTime(["pair:n9"], now: start + 152) != nil)
  }

  @Test func aCheckUnderWayCountsUntilItEnds() {
    let throttle = SignInThrottle(limit: 2, window: .seconds(60), capacity: 100)
    let start = Date(timeIntervalSince1970: 1_000_000)
    let keys = SignInThrottle.keys(name: "ann", client: ClientAddress(nil))
    #expect(throttle.begin(keys, now: start) == nil)
    #expect(throttle.begin(keys, now: start) == nil)
    // Two checks under way: a third waits, though nothing failed yet.
    #expect(throttle.begin(keys, now: start) == start + 1)
    throttle.finish(keys, failed: false, now: start)
    #expect(throttle.begin(keys, now: start) == nil)
    throttle.finish(keys, failed: true, now: start)
    throttle.finish(keys, failed: true, now: start)
    // Two failures: refused until the first is a minute old.
    #expect(throttle.begin(keys, now: start + 5) == start + 60)
  }

  @Test func theCookieIsHTTPOnlyStrictAndSecureOnlyBehindTLS() async throws {
    let people = try await SignInSupport.people()
    var configuration = SignInSupport.configuration(people)
    let forwardedProto = HTTPField.Name("X-Forwarded-Proto")!
    try await SignInSupport.tasksServer(configuration).application().test(.live) { client in
      let reply = try await client.signIn("ann", "ann-secret")
      let cookie = try #require(reply.setCookie)
      #expect(cookie.hasPrefix("trellis_session="))
      for attribute in ["HttpOnly", "SameSite=Strict", "Path=/", "Max-Age=3600"] {
        #expect(cookie.contains("; \(attribute)"), "\(attribute) in \(cookie)")
      }
      #expect(!cookie.contains("Secure"))
      // X-Forwarded-Proto from a proxy nobody trusts changes nothing.
      let forged = try await client.signIn("ann", "ann-secret", headers: [forwardedProto: "https"])
      #expect(forged.setCookie?.contains("Secure") == false)
    }
    configuration.trustedProxy = TrustedProxy(
      header: "X-Forwarded-For", addresses: ["127.0.0.1", "::1"])
    try await SignInSupport.tasksServer(configuration).application().test(.live) { client in
      let proxied = try await client.signIn("ann", "ann-secret", headers: [forwardedProto: "https"])
      #expect(proxied.setCookie?.hasSuffix("; Secure") == true)
      let plain = try await client.signIn("ann", "ann-secret", headers: [forwardedProto: "http"])
      #expect(plain.setCookie?.contains("Secure") == false)
    }
    configuration.trustedProxy = nil
    configuration.signIn?.secureCookies = true
    try await SignInSupport.tasksServer(configuration).application().test(.live) { client in
      let reply = try await client.signIn("ann", "ann-secret")
      #expect(reply.setCookie?.hasSuffix("; Secure") == true)
    }
  }

  @Test func signingOutEndsTheSession() async throws {
    let people = try await SignInSupport.people()
    let server = try SignInSupport.tasksServer(SignInSupport.configuration(people))
    try await server.application().test(.live) { client in
      let token = try await client.token("ann", "ann-secret")
      let other = try await client.token("ann", "ann-secret")
      #expect(try await client.send(.get, "/", token: token).status == .ok)
      let foreign = try await client.send(
        .post, "/sign-out", token: token, headers: [.origin: "http://evil.example"])
      #expect(foreign.status == .forbidden)
      #expect(try await client.send(.get, "/", token: token).status == .ok)
      let out = try await client.send(
        .post, "/sign-out", token: token, headers: [.origin: WebTestSupport.origin])
      #expect(out.status == .seeOther)
      #expect(out.location == "/sign-in")
      #expect(out.setCookie?.hasPrefix("trellis_session=; Path=/; Max-Age=0") == true)
      #expect(try await client.send(.get, "/", token: token).status == .seeOther)
      #expect(try await client.send(.get, "/apps/tasks", token: token).status == .seeOther)
      // Another window's sign-in is its own.
      #expect(try await client.send(.get, "/", token: other).status == .ok)
    }
  }

  @Test func anExpiredSessionIsRefused() async throws {
    let people = try await SignInSupport.people()
    let server = try SignInSupport.tasksServer(
      SignInSupport.configuration(people, lifetime: .seconds(3)))
    try await server.application().test(.live) { client in
      let token = try await client.token("ann", "ann-secret")
      #expect(try await client.send(.get, "/", token: token).status == .ok)
      try await Task.sleep(for: .milliseconds(3300))
      let late = try await client.send(.get, "/", token: token)
      #expect(late.status == .seeOther)
      #expect(late.location?.hasPrefix("/sign-in") == true)
    }
  }

  @Test func removingAPersonOrChangingTheirPasswordEndsTheirSessions() async throws {
    let people = try await SignInSupport.people()
    let server = try SignInSupport.tasksServer(SignInSupport.configuration(people))
    try await server.application().test(.live) { client in
      let ann = try await client.token("ann", "ann-secret")
      let bob = try await client.token("bob", "bob-secret")
      #expect(try await people.remove(named: "ann"))
      #expect(try await client.send(.get, "/", token: ann).status == .seeOther)
      #expect(try await client.signIn("ann", "ann-secret").status == .unauthorized)
      #expect(try await client.send(.get, "/", token: bob).status == .ok)
      let hash = try await PasswordHasher.hash("new-secret", cost: 4)
      #expect(try await people.setPasswordHash(hash, named: "bob"))
      #expect(try await client.send(.get, "/", token: bob).status == .seeOther)
      #expect(try await client.signIn("bob", "bob-secret").status == .unauthorized)
      #expect(try await client.signIn("bob", "new-secret").status == .seeOther)
    }
  }

  /// An open page asks the gate, now and then, whether its cookie still signs its person in:
  /// the answer is no at once for a person removed, or a session ended, from elsewhere (another
  /// server, `trellis users remove`), not yes after the retries meant for a store that fails.
  @Test func anOpenPagesCheckSaysNoOnceItsPersonIsRemovedElsewhere() async throws {
    let people = try await SignInSupport.people()
    let gate = SignInGate(try #require(SignInSupport.configuration(people).signIn))
    let client = ClientAddress(try SocketAddress(ipAddress: "10.0.4.1", port: 1))
    func check(_ name: String, _ password: String) async throws -> @Sendable () async -> Bool {
      guard
        case .signedIn(_, let token) = try await gate.signIn(
          name: name, password: password, client: client)
      else { throw SignInCheckFailure.notSignedIn(name) }
      return gate.check([.cookie: "\(SessionToken.cookieName)=\(token)"])
    }
    let ann = try await check("ann", "ann-secret")
    let bob = try await check("bob", "bob-secret")
    #expect(await ann())
    #expect(try await people.remove(named: "ann"))
    #expect(await ann() == false)
    #expect(await bob())
    #expect(await gate.check([:])() == false)
  }

  private enum SignInCheckFailure: Error { case notSignedIn(String) }

  /// Signing in over and over keeps at most the newest sessions of one person: the oldest
  /// end, counted as every ending is, and others' sessions stay.
  @Test func onePersonKeepsAtMostTheNewestSessions() async throws {
    let people = try await SignInSupport.people()
    let most = SignInSessionRecord.mostPerPerson
    let start = Date()
    try await people.addSession(
      SignInSessionRecord(
        tokenHash: "bob", person: "bob", created: start, expires: start + 3600))
    for index in 0..<(most + 5) {
      let created = start + Double(index)
      try await people.addSession(
        SignInSessionRecord(
          tokenHash: "ann-\(index)", person: "ann", created: created, expires: created + 3600))
    }
    for index in 0..<5 {
      #expect(try await people.person(session: "ann-\(index)", at: start) == nil)
    }
    for index in 5..<(most + 5) {
      #expect(try await people.person(session: "ann-\(index)", at: start)?.name == "ann")
    }
    #expect(try await people.person(session: "bob", at: start)?.name == "bob")
    #expect(try await people.sessionEndings() == 5)
  }

  @Test func everyEndedSessionMovesTheCountWhoeverEndsIt() async throws {
    let people = try await SignInSupport.people()
    // Another process's connection: the count is kept by the file, not by one connection.
    let elsewhere = try SQLitePeopleStore(path: people.path)
    let now = Date()
    func session(_ token: String, person: String = "ann", expires: TimeInterval = 3600)
      async throws
    {
      try await people.addSession(
        SignInSessionRecord(
          tokenHash: token, person: person, created: now, expires: now.addingTimeInterval(expires)
        ))
    }
    func count() async throws -> Int { try #require(try await people.sessionEndings()) }
    #expect(try await count() == 0)
    try await session("new")
    #expect(try await count() == 0)
    try await elsewhere.removeSession("new")
    #expect(try await count() == 1)
    try await session("a")
    #expect(try await elsewhere.setRoles(["admin"], named: "ann"))
    #expect(try await count() == 2)
    try await session("b")
    let hash = try await PasswordHasher.hash("other", cost: 4)
    #expect(try await elsewhere.setPasswordHash(hash, named: "ann"))
    #expect(try await count() == 3)
    try await session("old", expires: -10)
    try await elsewhere.removeSessions(expiredBefore: now)
    #expect(try await count() == 4)
    try await session("c", person: "bob")
    #expect(try await elsewhere.remove(named: "bob"))
    #expect(try await count() == 5)
    // A change that ends no session leaves it.
    #expect(try await elsewhere.setRoles(["admin"], named: "ann"))
    #expect(try await count() == 5)
  }

  @Test func twoServersSharingAPeopleFileShareSignIns() async throws {
    let people = try await SignInSupport.people()
    let first = try SignInSupport.tasksServer(SignInSupport.configuration(people))
    // The second server opens the file for itself, as another process would.
    let again = try SQLitePeopleStore(path: people.path)
    let second = try SignInSupport.tasksServer(SignInSupport.configuration(again))
    let token = try await first.application().test(.live) { client in
      try await client.token("ann", "ann-secret")
    }
    try await second.application().test(.live) { client in
      let reply = try await client.send(.get, "/", token: token)
      #expect(reply.status == .ok)
    }
    #expect(try await again.remove(named: "ann"))
    try await first.application().test(.live) { client in
      let reply = try await client.send(.get, "/", token: token)
      #expect(reply.status == .seeOther)
    }
  }
}

/// What the server prints when it starts, about sign-in.
@Suite("Sign-in banner")
struct SignInBannerTests {
  @Test func aReachableServerWithoutSignInWarnsLoudly() async throws {
    var open = WebConfiguration(host: "0.0.0.0", port: 8080)
    #expect(!open.bindsLoopbackOnly)
    #expect(open.banner("Trellis", port: 8080).contains("WARNING: anyone who can reach"))
    open.signIn = SignIn(people: try await SignInSupport.people([]))
    #expect(!open.banner("Trellis", port: 8080).contains("WARNING"))
    for host in ["127.0.0.1", "localhost", "::1", "127.0.0.2"] {
      let loopback = WebConfiguration(host: host, port: 8080)
      #expect(loopback.bindsLoopbackOnly, "\(host)")
      #expect(!loopback.banner("Trellis", port: 8080).contains("WARNING"))
    }
    #expect(
      WebConfiguration.signInProblem(
        host: "192.0.2.1", people: nil, noSignIn: false, proxyHeader: nil, proxies: [])?
        .contains("--people FILE") == true)
    #expect(
      WebConfiguration.signInProblem(
        host: "192.0.2.1", people: nil, noSignIn: true, proxyHeader: nil, proxies: []) == nil)
    #expect(
      WebConfiguration.signInProblem(
        host: "127.0.0.1", people: nil, noSignIn: false, proxyHeader: "X-Real-IP", proxies: [])
        != nil)
  }

  @Test func aSignInSendsPeopleOnlyToPathsOfThisSite() {
    #expect(WebServer.safeNext("/apps/tasks?x=1") == "/apps/tasks?x=1")
    for next in ["//evil.example", "/\\evil.example", "https://evil.example/", "", "apps", nil] {
      #expect(WebServer.safeNext(next) == "/", "\(next ?? "nil")")
    }
    #expect(WebServer.safeNext("/a b") == "/")
  }
}
