import Foundation
import HummingbirdWSClient
import Logging
import Trellis
import TrellisExamples
import TrellisWeb

/// `held`: sessions held open at once. `numbers-200` holds 200 sessions of a 1,000-row list
/// and then of a 100,000-row one, beside one session held throughout: what each further
/// session costs the server must follow what it shows (a screenful), not the list's length.
/// The list itself, rendered once for every session that shows it, is reported apart. `held-cap` has one client take every session it may
/// hold and a second client, from another address, open one still.
struct HeldResult {
  var name: String
  var sessions: Int
  var before: Int
  var after: Int
  var detail: String
  /// Whether the case met its target; `nil` for a measurement that is only part of one.
  var meetsTargets: Bool?

  var perSession: Int { max(0, after - before) / max(sessions, 1) }

  var tableLine: String {
    "\(name) (\(sessions) sessions held): server memory \(mb(before)) before, \(mb(after)) "
      + "after, \(perSession / 1024) KB a session; \(detail)"
      + (meetsTargets.map { "; target: " + ($0 ? "met" : "missed") } ?? "")
  }

  var jsonLine: String {
    jsonObject([
      "case": name, "sessions": sessions, "before": before, "after": after,
      "perSession": perSession, "detail": detail,
      "meetsTargets": meetsTargets.map { $0 as Any } ?? NSNull(),
    ])
  }
}

extension WebBench {
  /// Runs `held`: `numbers-200` and `held-cap`, on a server of their own.
  static func held(json: Bool) async throws {
    let short = SampleContent.numbersStore(SampleContent.numbers(1_000))
    let long = SampleContent.numbersStore(SampleContent.numbers(100_000))
    var apps = [
      WebApp(id: "numbers-1k", title: "1,000 numbers") {
        SampleContent.numbersNavigator(store: short)
      },
      WebApp(id: "numbers-100k", title: "100,000 numbers") {
        SampleContent.numbersNavigator(store: long)
      },
    ]
    for index in apps.indices { apps[index].domain = apps[index].id }
    var configuration = WebConfiguration(
      host: "127.0.0.1", port: 0, allowedOrigins: ["ws://localhost"])
    configuration.maxSessionsPerApp = 300
    configuration.maxSessionsPerClient = 250
    let server = try WebServer(apps: apps, configuration: configuration)
    let (port, serving) = try await listen(server)
    defer { serving.cancel() }
    let base = "http://127.0.0.1:\(port)"

    var costs: [Int] = []
    for app in ["numbers-1k", "numbers-100k"] {
      // One session stays open throughout, so that what every session shares (the list,
      // rendered once for all of them) is there before and after: what is measured is what
      // each further session costs.
      let idle = heapInUse()
      var shared = 0
      var before = 0
      var after = 0
      try await holdSessions(app, count: 1, base: base, port: port, server: server) {
        before = heapInUse()
        shared = before - idle
        try await holdSessions(app, count: 200, base: base, port: port, server: server) {
          after = heapInUse()
        }
      }
      let rows = app == "numbers-1k" ? 1_000 : 100_000
      let result = HeldResult(
        name: "numbers-200 \(app)", sessions: 200, before: before, after: after,
        detail: "\(rows) rows; the first session, with the list every session shares, "
          + "\(mb(max(shared, 0)))",
        meetsTargets: nil)
      costs.append(result.perSession)
      print(json ? result.jsonLine : result.tableLine)
    }
    guard costs.count == 2 else { return }
    let follows = Double(costs[1]) <= Double(max(costs[0], 1)) * 1.1 + 4096
    print(
      "numbers-200: a session of the 100,000-row list costs \(costs[1] / 1024) KB, of the "
        + "1,000-row list \(costs[0] / 1024) KB; target (within 10 %): \(follows ? "met" : "missed")"
    )
    try await heldCap(json: json, apps: apps)
  }

  /// Opens `count` sessions of app `id`, each with its page connected and its first screen
  /// drawn, runs `whileHeld`, then closes them all and waits until the server dropped them
  /// (sessions open before stay open).
  static func holdSessions(
    _ id: String, count: Int, base: String, port: Int, server: WebServer,
    whileHeld: () async throws -> Void
  ) async throws {
    var logger = Logger(label: "held")
    logger.logLevel = .critical
    let quiet = logger
    let released = Locked(false)
    let opened = Locked(0)
    let openBefore = await server.sessionCount(app: id)
    try await withThrowingTaskGroup(of: Void.self) { group in
      for _ in 0..<count {
        let query = try await session(base: base, app: id)
        group.addTask {
          try await WebSocketClient.connect(
            url: "ws://localhost:\(port)/ws?\(query)",
            configuration: WebSocketClientConfiguration(maxFrameSize: 1 << 24), logger: quiet
          ) { inbound, _, _ in
            var messages = inbound.messages(maxSize: .max).makeAsyncIterator()
            while case .text(let text)? = try await messages.next() {
              if text.hasPrefix(#"{"type":"screen""#) { break }
            }
            opened.withLock { $0 += 1 }
            while !released.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(100)) }
          }
        }
      }
      let deadline = ContinuousClock.now + .seconds(120)
      while opened.withLock({ $0 }) < count, ContinuousClock.now < deadline {
        try await Task.sleep(for: .milliseconds(50))
      }
      try await Task.sleep(for: .milliseconds(500))
      try await whileHeld()
      released.withLock { $0 = true }
      try await group.waitForAll()
    }
    let deadline = ContinuousClock.now + .seconds(30)
    while await server.sessionCount(app: id) > openBefore, ContinuousClock.now < deadline {
      try await Task.sleep(for: .milliseconds(50))
    }
  }

  /// Runs `held-cap`: the first client opens sessions until refused; a second client, from
  /// 127.0.0.2, still opens one.
  static func heldCap(json: Bool, apps: [WebApp]) async throws {
    // The default limits: every client 20 sessions of an app.
    let server = try WebServer(apps: apps, configuration: WebConfiguration(port: 0))
    let (port, serving) = try await listen(server)
    defer { serving.cancel() }
    func open(from source: String) throws -> (RawSocket, Int) {
      let socket = try RawSocket(port: port, receiveBuffer: 1 << 16, source: source)
      socket.send("GET /apps/numbers-1k HTTP/1.1\r\nHost: localhost:\(port)\r\n\r\n")
      return (socket, socket.status())
    }
    let before = heapInUse()
    var held: [RawSocket] = []
    var refusal = 0
    for _ in 0..<400 {
      let (socket, status) = try open(from: "127.0.0.1")
      held.append(socket)
      if status != 200 {
        refusal = status
        break
      }
    }
    let taken = held.count - (refusal == 0 ? 0 : 1)
    let (other, otherStatus) = try open(from: "127.0.0.2")
    let after = heapInUse()
    for socket in held + [other] { socket.close() }
    let met = refusal == 429 && otherStatus == 200 && taken < 300
    let result = HeldResult(
      name: "held-cap", sessions: taken, before: before, after: after,
      detail: "the first client was refused with \(refusal) after \(taken) sessions; "
        + "a second client got \(otherStatus)",
      meetsTargets: met)
    print(json ? result.jsonLine : result.tableLine)
  }
}
