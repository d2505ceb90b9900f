import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisFuzzTargets

/// Every app of the catalog survives the UI fuzzer: at least 100,000 events in all, each
/// followed by the contract and fresh-render checks.
@Suite("Fuzz catalog")
struct FuzzCatalogTests {
  /// The events each target plays: together at least 100,000.
  static let eventsPerTarget = (100_000 + FuzzCatalog.names.count - 1) / FuzzCatalog.names.count

  @Test func theTargetsPlayAtLeastAHundredThousandEventsInAll() {
    #expect(Self.eventsPerTarget * FuzzCatalog.names.count >= 100_000)
    #expect(Set(FuzzCatalog.names).count == FuzzCatalog.names.count, "names are unique")
  }

  /// Where the campaigns play, one at a time: the fuzzer holds the thread it plays on while
  /// an app's async stores settle, and a thread of the concurrency pool held that way is one
  /// the other tests' tasks (and the apps' own loads) cannot run on.
  static let queue = DispatchQueue(label: "trellis.fuzz-catalog")

  @Test(arguments: FuzzCatalog.names)
  func survivesTheFuzzer(_ name: String) async throws {
    let target = try #require(FuzzCatalog.target(named: name))
    let events = Self.eventsPerTarget
    let (failures, played) = await withCheckedContinuation { continuation in
      Self.queue.async {
        let summary = FuzzCampaign(seed: 2026).run(target, events: events)
        // The failures' text, not the failures: reflecting a date that is no time traps.
        continuation.resume(returning: (summary.failures.map(\.description), summary.events))
      }
    }
    #expect(failures.isEmpty, "\(failures.first ?? "")")
    #expect(played == events)
  }

  @Test func theCatalogCoversEveryKindOfApp() {
    let names = FuzzCatalog.names
    for prefix in [
      "demo/", "descriptor/", "settings-bundle/", "forms/", "lists/", "selections/", "documents/",
    ] {
      #expect(names.contains { $0.hasPrefix(prefix) }, "\(prefix)")
    }
    for fixture in FuzzCatalog.descriptorFixtures {
      #expect(names.contains("descriptor/\(fixture.file)"))
      #expect(names.contains("descriptor/\(fixture.file)+editable"))
    }
    for format in DocumentFormat.allCases {
      #expect(names.contains("documents/tree-\(format.rawValue)"))
    }
  }

  /// The shared-list targets play shared lists: their lists start on them, a synchronous
  /// store's and an async store's alike.
  @Test(arguments: [false, true])
  func theSharedListTargetsShowSharedLists(async: Bool) throws {
    let navigator =
      try async ? FuzzCatalog.asyncPagedList(sharing: true) : FuzzCatalog.sharedList()
    let model = navigator.top.model
    model.processChanges()
    for section in model.sections {
      #expect((section as? ArrayOfObjectsSection)?.sharingLink != nil, "\(section.id)")
    }
  }

  /// The target whose lists render rows on demand shows them through shared lists too, each
  /// rendering on demand.
  @Test func theOnDemandTargetSharesListsThatRenderRowsWhenRead() throws {
    let model = try FuzzCatalog.asyncPagedList(sharing: true, onDemand: true).top.model
    model.processChanges()
    for section in model.sections {
      let list = try #require(section as? ArrayOfObjectsSection)
      #expect(list.sharingLink != nil && list.rendersRowsOnDemand, "\(list.id)")
    }
  }

  /// Every OpenAPI fixture that infers lists is played, over its service on loopback; the two
  /// that are refused (a located error, Swagger 2.0) are not.
  @Test func everyOpenAPIFixtureThatReadsIsPlayed() throws {
    let folder = TestFixtures.url("AnyData/OpenAPI")
    let files = try FileManager.default.contentsOfDirectory(atPath: folder.path)
    let refused: Set = ["broken.yaml", "swagger2.json"]
    #expect(
      Set(FuzzCatalog.openAPIFixtures) == Set(files).subtracting(refused),
      "a fixture added to AnyData/OpenAPI is fuzzed too")
    for file in FuzzCatalog.openAPIFixtures {
      #expect(FuzzCatalog.names.contains("any-data/openapi/\(file)"))
    }
  }

  /// Runs the fuzzer once failed, each failing before its fix.
  @Test(arguments: [
    // A form wrote `0` to a product's REAL price; the row read back as `0.0` no longer fit
    // its object, and the list could not be loaded again.
    ("any-data/shop.sqlite", UInt64(16_338_149_753_936_457_087), 166),
    // Back on the detail pane discarded a task's draft while its step's form stayed open on
    // the stack, showing the step's discarded name.
    ("demo/tasks-master-detail", UInt64(5_238_326_739_527_331_515), 131),
  ])
  func runsThatOnceFailedPass(name: String, seed: UInt64, events: Int) throws {
    let target = try #require(FuzzCatalog.target(named: name))
    let report = UIFuzzer(seed: seed).run(target, events: events)
    #expect(report.events.count == events)
    #expect(report.failure == nil, "\(report.failure.map(String.init(describing:)) ?? "")")
  }

  /// Replays one run of a failure report, printing every event and how it ended:
  /// `TRELLIS_FUZZ_TARGET=demo/tasks TRELLIS_FUZZ_SEED=42 TRELLIS_FUZZ_EVENTS=40 swift test
  /// --filter replaysOneRun`.
  @Test(.enabled(if: ProcessInfo.processInfo.environment["TRELLIS_FUZZ_TARGET"] != nil))
  func replaysOneRun() throws {
    let environment = ProcessInfo.processInfo.environment
    let name = try #require(environment["TRELLIS_FUZZ_TARGET"])
    let target = try #require(FuzzCatalog.target(named: name))
    let seed = try #require(environment["TRELLIS_FUZZ_SEED"].flatMap { UInt64($0) })
    let events = environment["TRELLIS_FUZZ_EVENTS"].flatMap { Int($0) } ?? 200
    let report = UIFuzzer(seed: seed).run(target, events: events)
    print(
      report.failure.map(String.init(describing:)) ?? "no failure in \(report.events.count) events")
  }
}
