import AsyncHTTPClient
import Foundation
import Hummingbird
import Trellis
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples
import TrellisWeb
import TrellisWebService

/// `trellis-bench services`: a list over `WebServiceStore` against the demo's own REST API
/// (`StoreAPI` over the Contacts table in SQLite), on loopback in this process, side by side
/// with the same HTTP requests and JSON decoding done by hand with AsyncHTTPClient and
/// `JSONSerialization`.
///
/// - `first-page`: from adding the list to its model to the changeset that shows 50 rows.
/// - `page-100k`: every page of 500 in turn, each asked for when the one before is shown.
enum ServicesBench {
  struct Result {
    var name: String
    var trellis: Timing
    var baseline: Timing
    var peakBytes: Int?

    /// The median of each run's ratio to the run by hand just after it: the machine's speed
    /// drifts less within a pair than across the whole case.
    var pairedRatio: Double {
      Timing(samples: zip(trellis.samples, baseline.samples).map { $0 / $1 }).median
    }
  }

  /// Whether the lists render every row up front (`--rows-up-front`), instead of when a host
  /// reads them, as the demo's web-service list does.
  nonisolated(unsafe) static var rowsUpFront = false

  static func run(json: Bool, rows: Int, runs: Int, rowsUpFront: Bool = false) async throws {
    Self.rowsUpFront = rowsUpFront
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-bench-services-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: directory) }
    let store = try ContactsApp.sqliteStore(
      path: directory.appendingPathComponent("contacts.sqlite").path, people: rows)
    let api = try StoreAPI(store: store, path: "/api/contacts/", maxPageSize: 1000)
    let ready = AsyncStream<Int>.makeStream()
    let app = api.application { port in ready.continuation.yield(port) }
    let server = Task { try await app.runService() }
    defer { server.cancel() }
    var port = 0
    for await bound in ready.stream {
      port = bound
      break
    }
    let base = "http://127.0.0.1:\(port)/"
    let results = [
      try await firstPage(base: base, runs: runs),
      try await allPages(base: base, rows: rows, runs: max(3, runs / 3)),
    ]
    for result in results {
      if json {
        var line = "{\"case\":\"\(result.name)\",\"trellisMedian\":\(result.trellis.median),"
        line += "\"baselineMedian\":\(result.baseline.median)"
        line += ",\"pairedRatio\":\(result.pairedRatio)"
        if let peak = result.peakBytes { line += ",\"peakBytes\":\(peak)" }
        print(line + "}")
      } else {
        let overhead = (result.trellis.median / result.baseline.median - 1) * 100
        print(
          result.name.padding(toLength: 12, withPad: " ", startingAt: 0)
            + String(
              format:
                "trellis %9.3f ms   by hand %9.3f ms   overhead %+6.1f %% (paired %+6.1f %%)   ",
              result.trellis.median * 1000, result.baseline.median * 1000, overhead,
              (result.pairedRatio - 1) * 100)
            + (result.peakBytes.map { String(format: "peak %.1f MB", Double($0) / 1e6) } ?? ""))
      }
    }
  }

  // MARK: Cases

  static func firstPage(base: String, runs: Int) async throws -> Result {
    var trellis: [Double] = []
    var baseline: [Double] = []
    // Alternated, after one warm-up of each, so that both see the same machine.
    var peak = 0
    for run in 0...runs {
      let probe = MemoryProbe.start()
      let list = try List(base: base, batch: 50)
      let start = DispatchTime.now().uptimeNanoseconds
      try await list.open()
      try await list.waitUntil { $0.currentItems.count >= 50 }
      list.readRows(last: 50)
      let opened = seconds(since: start)
      if let probe { peak = max(peak, probe.peakAbove()) }
      let manual = try await timed {
        _ = try await fetchByHand(base + "api/contacts/?page_size=50")
      }
      if run > 0 {
        trellis.append(opened)
        baseline.append(manual)
      }
    }
    return Result(
      name: "first-page", trellis: Timing(samples: trellis), baseline: Timing(samples: baseline),
      peakBytes: peak)
  }

  static func allPages(base: String, rows: Int, runs: Int) async throws -> Result {
    var trellis: [Double] = []
    var baseline: [Double] = []
    var peak = 0
    for run in 0...runs {
      let probe = MemoryProbe.start()
      let start = DispatchTime.now().uptimeNanoseconds
      var paged = 0.0
      var store: WebServiceStore?
      do {
        let list = try List(base: base, batch: 500)
        store = list.store
        try await list.open()
        while true {
          try await list.waitUntil { !$0.loadState.isLoading }
          // A person scrolled to the end sees the last rows.
          list.readRows(last: 20)
          guard list.section.currentItems.count < rows else { break }
          try list.section.loadMore()
          list.model.processChanges()
        }
        // Timed when the last page shows; freeing the list afterwards is not paging.
        paged = seconds(since: start)
      }
      // The objects the list let go of are freed here, not while the requests by hand run.
      store?.sweepObjects()
      if let probe { peak = max(peak, probe.peakAbove()) }
      let manual = try await timed {
        var next: String? = base + "api/contacts/?page_size=500"
        var count = 0
        while let address = next {
          let page = try await fetchByHand(address)
          count += page.results.count
          next = page.next
        }
        guard count == rows else { throw BenchFailure("paged \(count) of \(rows) by hand") }
      }
      if run > 0 {
        trellis.append(paged)
        baseline.append(manual)
      }
    }
    return Result(
      name: "page-100k", trellis: Timing(samples: trellis), baseline: Timing(samples: baseline),
      peakBytes: peak)
  }

  // MARK: The list

  /// One list over a new web-service store, on a model whose wakes resume the bench.
  final class List {
    let model = TableModel(title: "Contacts")
    let section: ArrayOfObjectsSection
    let store: WebServiceStore
    private let wakes = AsyncStream<Void>.makeStream(bufferingPolicy: .bufferingNewest(1))

    init(base: String, batch: Int) throws {
      var service = WebServiceDefinition.djangoREST(
        baseURL: base, resource: "api/contacts/", keys: "firstName;lastName;email;phone")
      service.timeout = .seconds(60)
      store = try WebServiceStore(service)
      section = ArrayOfObjectsSection(
        store: store, definition: try DataDefinition.dictionary(keys: "firstName;lastName"))
      section.fetchOptions.batchSize = batch
      section.rendersRowsOnDemand = !ServicesBench.rowsUpFront
      let continuation = wakes.continuation
      model.setWakeHandler { continuation.yield() }
    }

    /// Reads the texts of the list's last `count` rows, as a host showing them does (rows
    /// rendered on demand are rendered then).
    func readRows(last count: Int) {
      let rows = model.snapshot.sections.first?.items ?? []
      for row in rows.suffix(count) { _ = (row.text, row.detail) }
    }

    func open() async throws {
      model.addSection(section)
      model.processChanges()
    }

    /// Processes changes at each wake until `done` holds for the section.
    func waitUntil(_ done: (ArrayOfObjectsSection) -> Bool) async throws {
      while !done(section) {
        if case .failed(let error) = section.loadState { throw BenchFailure("\(error)") }
        var iterator = wakes.stream.makeAsyncIterator()
        _ = await iterator.next()
        model.processChanges()
      }
    }
  }

  // MARK: By hand

  struct Page {
    var results: [[String: Any]]
    var next: String?
  }

  /// One page read with AsyncHTTPClient and decoded with JSONSerialization.
  static func fetchByHand(_ address: String) async throws -> Page {
    var request = HTTPClientRequest(url: address)
    request.headers.add(name: "Accept", value: "application/json")
    let response = try await HTTPClient.shared.execute(request, timeout: .seconds(60))
    let body = try await response.body.collect(upTo: 64 << 20)
    let object = try JSONSerialization.jsonObject(with: Data(buffer: body))
    guard let root = object as? [String: Any], let results = root["results"] as? [[String: Any]]
    else { throw BenchFailure("\(address) did not answer a page") }
    return Page(results: results, next: root["next"] as? String)
  }

  static func timed(_ body: () async throws -> Void) async throws -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try await body()
    return seconds(since: start)
  }

  static func seconds(since start: UInt64) -> Double {
    Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
  }
}
