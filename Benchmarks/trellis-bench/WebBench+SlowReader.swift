import Foundation
import Trellis
import TrellisExamples
import TrellisWeb

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `slow-reader`: a 1,000-task list renamed in full again and again, first with a page that
/// reads (the baseline: what the renames cost the server), then with a page whose socket never
/// reads: the server's memory after each, and whether the server closed the page once it fell
/// behind.
struct SlowReaderResult {
  static let name = "slow-reader"
  /// Task rows in the list, and passes that rename all of them.
  static let rows = 1_000
  static let passes = 300

  var before: Int
  /// After the renames with a page that reads.
  var baseline: Int
  /// At the peak of the renames with a page that never reads.
  var peak: Int
  /// What the page that reads received.
  var bytesSent: Int
  var closedByServer: Bool

  /// The peak with the page that never reads within 10 % of the baseline.
  var isFlat: Bool { Double(peak) <= Double(baseline) * 1.1 }

  var tableLine: String {
    func mb(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_048_576) }
    return
      "\(Self.name) (\(Self.rows) rows renamed \(Self.passes) times, \(mb(bytesSent)) of "
      + "messages to the page that reads): server memory \(mb(before)) before, \(mb(baseline)) after the passes "
      + "with a page that reads, \(mb(peak)) at the peak of those with a page that never reads; "
      + "that page was \(closedByServer ? "closed by the server" : "still open")\n"
      + "  target (within 10 % of the baseline, the page closed): "
      + (isFlat && closedByServer ? "met" : "missed")
  }

  var jsonLine: String {
    let object: [String: Any] = [
      "case": Self.name, "before": before, "baseline": baseline, "peak": peak,
      "bytesSent": bytesSent, "closedByServer": closedByServer,
      "meetsTargets": isFlat && closedByServer,
    ]
    let data =
      (try? JSONSerialization.data(withJSONObject: object, options: [.sortedKeys])) ?? Data()
    return String(decoding: data, as: UTF8.self)
  }
}

extension WebBench {
  /// The slow reader's app: a list of ``SlowReaderResult/rows`` tasks, shown whole.
  static func slowReaderApp(definition: DataDefinition) -> (WebApp, MemoryStore) {
    let store = MemoryStore(
      objects: (0..<SlowReaderResult.rows).map { TaskItem(name: "Task \($0)") },
      definition: definition)
    var app = WebApp(id: SlowReaderResult.name, title: "A page that never reads") {
      Navigator(root: TasksApp.listScreen(store: store, definition: definition))
    }
    app.domain = app.id
    return (app, store)
  }

  /// Runs `slow-reader`: the renames with a page that reads, then with a page on a socket
  /// with a small receive buffer that it never reads; samples the memory.
  static func slowReader(base: String, port: Int, server: WebServer, store: MemoryStore)
    async throws -> SlowReaderResult
  {
    let before = heapInUse()
    let reader = try await openPage(base: base, port: port, receiveBuffer: 1 << 20)
    let read = reader.drain()
    _ = try await renamePasses(server: server, store: store)
    let baseline = heapInUse()
    reader.close()
    let stalled = try await openPage(base: base, port: port, receiveBuffer: 4096)
    defer { stalled.close() }
    let peak = try await renamePasses(server: server, store: store)
    return SlowReaderResult(
      before: before, baseline: baseline, peak: peak, bytesSent: read.withLock { $0 },
      closedByServer: stalled.isClosedByPeer)
  }

  /// A page of the slow reader's app on a raw socket, its WebSocket requested.
  static func openPage(base: String, port: Int, receiveBuffer: Int32) async throws -> RawSocket {
    let query = try await session(base: base, app: SlowReaderResult.name)
    let socket = try RawSocket(port: port, receiveBuffer: receiveBuffer)
    socket.send(
      "GET /ws?\(query) HTTP/1.1\r\nHost: localhost:\(port)\r\nUpgrade: websocket\r\n"
        + "Connection: Upgrade\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n"
        + "Sec-WebSocket-Version: 13\r\nOrigin: http://localhost:\(port)\r\n\r\n")
    try await Task.sleep(for: .milliseconds(300))
    return socket
  }

  /// Renames every task ``SlowReaderResult/passes`` times; the peak of the server's memory
  /// meanwhile.
  static func renamePasses(server: WebServer, store: MemoryStore) async throws -> Int {
    var peak = heapInUse()
    for pass in 0..<SlowReaderResult.passes {
      try await server.perform(onApp: SlowReaderResult.name) {
        for item in (try? store.fetch(FetchOptions())) ?? [] {
          let name = "Task renamed in pass \(pass), padded to be a long name: \(UUID())"
          try? store.update(item, values: ["name": .string(name)])
        }
      }
      try await Task.sleep(for: .milliseconds(25))
      peak = max(peak, heapInUse())
    }
    try await Task.sleep(for: .seconds(1))
    return max(peak, heapInUse())
  }
}

/// The server's resident memory once the allocator has given back what it holds free
/// (`malloc_trim`, where the C library has it): what the process uses, not what it once did.
func heapInUse() -> Int {
  typealias Trim = @convention(c) (Int) -> Int32
  if let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "malloc_trim") {
    _ = unsafeBitCast(symbol, to: Trim.self)(0)
  }
  return StoresBench.heapInUse()
}

/// A blocking TCP client socket with a small receive buffer, for a client that stops reading.
struct RawSocket {
  let descriptor: Int32

  /// Connects to `port` on 127.0.0.1 from address `source` (another loopback address is
  /// another client to the server).
  init(port: Int, receiveBuffer: Int32, source: String = "127.0.0.1") throws {
    #if canImport(Glibc)
      descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw BenchFailure("no socket") }
    var size = receiveBuffer
    setsockopt(descriptor, SOL_SOCKET, SO_RCVBUF, &size, socklen_t(MemoryLayout<Int32>.size))
    var local = sockaddr_in()
    local.sin_family = sa_family_t(AF_INET)
    local.sin_addr.s_addr = inet_addr(source)
    let bound = withUnsafePointer(to: &local) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0 else { throw BenchFailure("could not bind to \(source)") }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = in_port_t(UInt16(port).bigEndian)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let connected = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        connect(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard connected == 0 else { throw BenchFailure("could not connect to port \(port)") }
  }

  func send(_ text: String) {
    var bytes = Array(text.utf8)
    _ = write(descriptor, &bytes, bytes.count)
  }

  /// The status code of the answer to the request sent, read within 10 seconds; 0 when none
  /// came.
  func status() -> Int {
    var timeout = timeval(tv_sec: 10, tv_usec: 0)
    setsockopt(
      descriptor, SOL_SOCKET, SO_RCVTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
    var buffer = [UInt8](repeating: 0, count: 4096)
    let count = recv(descriptor, &buffer, buffer.count, 0)
    guard count > 12 else { return 0 }
    let line = String(decoding: buffer[0..<count], as: UTF8.self)
    return Int(line.dropFirst(9).prefix(3)) ?? 0
  }

  /// Whether the server closed the connection: reading what is queued ends at its end.
  var isClosedByPeer: Bool {
    var buffer = [UInt8](repeating: 0, count: 65_536)
    let deadline = Date().addingTimeInterval(5)
    while Date() < deadline {
      let count = recv(descriptor, &buffer, buffer.count, Int32(MSG_DONTWAIT))
      if count == 0 { return true }
      if count < 0 {
        if errno == EAGAIN || errno == EWOULDBLOCK { return false }
        return true
      }
    }
    return false
  }

  /// Reads and drops everything that arrives, on a thread of its own, until the socket
  /// closes; the bytes read so far.
  func drain() -> Locked<Int> {
    let descriptor = descriptor
    let read = Locked(0)
    Thread.detachNewThread {
      var buffer = [UInt8](repeating: 0, count: 65_536)
      while true {
        let count = recv(descriptor, &buffer, buffer.count, 0)
        if count <= 0 { break }
        read.withLock { $0 += count }
      }
    }
    return read
  }

  func close() {
    #if canImport(Glibc)
      _ = Glibc.close(descriptor)
    #else
      _ = Darwin.close(descriptor)
    #endif
  }
}
