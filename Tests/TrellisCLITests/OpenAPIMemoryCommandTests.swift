import Foundation
import Testing

/// A large OpenAPI document is read in memory that grows with its size by a bounded factor:
/// `trellis describe` of a generated document of a few megabytes, its peak resident size
/// read from the system for that process alone.
@Suite("Large OpenAPI documents in bounded memory", .serialized)
struct OpenAPIMemoryCommandTests {
  /// The most a document may add to the peak resident size, as a multiple of its size: the
  /// decoded model alone is about twelve times the text, the reading takes about 35, and a
  /// read that dereferenced the whole document at once, or parsed it whole more than once,
  /// took about a hundred.
  static let boundFactor = 45

  /// One resource of the generated document: a schema with nested objects, an enum and
  /// descriptions, a collection path (GET, POST) and an item path (GET, PUT, DELETE) whose
  /// operations refer to it five times.
  static func resource(_ index: Int) -> (paths: String, schemas: String) {
    let reference = ##"{"$ref": "#/components/schemas/Thing\##(index)"}"##
    let json = #"{"application/json": {"schema": \#(reference)}}"#
    let paths = #"""
      "/things\#(index)": {
        "get": {"operationId": "listThings\#(index)", "summary": "List things \#(index)",
          "parameters": [
            {"name": "limit", "in": "query", "schema": {"type": "integer", "maximum": 100}},
            {"name": "cursor", "in": "query", "schema": {"type": "string"}}],
          "responses": {"200": {"description": "ok", "content": {"application/json":
            {"schema": {"type": "array", "items": \#(reference)}}}}}},
        "post": {"operationId": "createThing\#(index)", "requestBody": {"content": \#(json)},
          "responses": {"201": {"description": "created", "content": \#(json)}}}},
      "/things\#(index)/{id}": {
        "parameters": [{"name": "id", "in": "path", "required": true,
          "schema": {"type": "integer"}}],
        "get": {"operationId": "getThing\#(index)",
          "responses": {"200": {"description": "ok", "content": \#(json)},
            "404": {"description": "not found"}}},
        "put": {"operationId": "putThing\#(index)", "requestBody": {"content": \#(json)},
          "responses": {"200": {"description": "ok", "content": \#(json)}}},
        "delete": {"operationId": "deleteThing\#(index)",
          "responses": {"204": {"description": "deleted"}}}}
      """#
    let schemas = ##"""
      "Thing\##(index)": {"type": "object",
        "description": "A thing number \##(index) that the API keeps, described at some length.",
        "required": ["id", "name"],
        "properties": {
          "id": {"type": "integer", "format": "int64", "readOnly": true},
          "name": {"type": "string", "description": "The thing's name.", "maxLength": 100},
          "status": {"type": "string", "enum": ["active", "inactive", "pending", "archived"]},
          "created": {"type": "string", "format": "date-time"},
          "owner": {"type": "object", "properties": {
            "login": {"type": "string"}, "email": {"type": "string", "format": "email"},
            "address": {"type": "object", "properties": {
              "street": {"type": "string"}, "city": {"type": "string"}}}}},
          "tags": {"type": "array", "items": {"type": "string"}},
          "parent": {"$ref": "#/components/schemas/Summary\##(index)"}}},
      "Summary\##(index)": {"type": "object", "properties": {
        "id": {"type": "integer"}, "name": {"type": "string"}}}
      """##
    return (paths, schemas)
  }

  /// An OpenAPI 3.0 document of `count` resources, as JSON.
  static func document(resources count: Int) -> String {
    let resources = (0..<count).map(resource)
    return #"{"openapi": "3.0.3", "info": {"title": "Generated", "version": "1"}, "#
      + #""servers": [{"url": "http://127.0.0.1:1"}], "paths": {"#
      + resources.map(\.paths).joined(separator: ",\n") + #"}, "components": {"schemas": {"#
      + resources.map(\.schemas).joined(separator: ",\n") + "}}}\n"
  }

  /// The peak resident size, in bytes, of `trellis` run with `arguments`, its output let go.
  static func peakResidentSize(_ arguments: [String]) async throws -> Int {
    let binary = try CommandRunner.binary().path
    // The child is watched until it ends on a thread of its own, not the test pool's.
    return try await withCheckedThrowingContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(with: Result { try Self.runAndMeasure(binary, arguments) })
      }
    }
  }

  private struct SpawnFailure: Error { var code: Int32 }
  private struct Failed: Error { var status: Int32 }

  private static func runAndMeasure(_ binary: String, _ arguments: [String]) throws -> Int {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([binary] + arguments).map { strdup($0) } + [nil]
    defer { argv.forEach { free($0) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, binary, &actions, nil, argv, environ)
    guard spawned == 0 else { throw SpawnFailure(code: spawned) }
    // The system's own count for the child (`wait4`'s `ru_maxrss`) would include the test
    // process's size, which the child shares until it runs `trellis`: its high-water mark is
    // read instead, while it runs, from the memory it has since.
    var peak = 0
    var status: Int32 = 0
    while true {
      peak = Swift.max(peak, highWaterMark(of: pid) ?? 0)
      let waited = waitpid(pid, &status, WNOHANG)
      if waited == pid { break }
      if waited == -1 && errno != EINTR { throw Failed(status: -1) }
      usleep(10_000)
    }
    guard status == 0 else { throw Failed(status: status) }
    return peak
  }

  /// The largest resident size, in bytes, that process `pid` has had since it started its
  /// program (`VmHWM`); `nil` once it has ended.
  private static func highWaterMark(of pid: pid_t) -> Int? {
    guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
      let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
      let kilobytes = Int(line.split(separator: " ").dropFirst().first ?? "")
    else { return nil }
    return kilobytes * 1024
  }

  @Test func describingALargeDocumentStaysWithinABoundOfItsSize() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("openapi-memory-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let small = folder.appendingPathComponent("small.json")
    let large = folder.appendingPathComponent("large.json")
    try Data(Self.document(resources: 1).utf8).write(to: small)
    let text = Data(Self.document(resources: 900).utf8)
    try text.write(to: large)
    #expect(text.count > 2_000_000)

    let before = try await Self.peakResidentSize(["describe", small.path])
    let after = try await Self.peakResidentSize(["describe", large.path])
    let growth = after - before
    #expect(
      growth <= Self.boundFactor * text.count,
      "reading \(text.count) bytes added \(growth) bytes: \(growth / text.count) times its size")
  }
}
