import Foundation
import TrellisDiff

/// One diff benchmark case: its seeded inputs and how to time Trellis and its baselines on them.
struct DiffBenchCase: Sendable {
  let name: String
  let n: Int
  let prepare: @Sendable () -> PreparedDiff

  static let all: [DiffBenchCase] = [
    DiffBenchCase(name: "dk100k", n: 100_000) {
      let (old, new) = DiffBenchInputs.dk100k()
      return PreparedDiff(flatOld: old, flatNew: new)
    },
    DiffBenchCase(name: "rand5-10k", n: 10_000) { rand5(10_000) },
    DiffBenchCase(name: "rand5-100k", n: 100_000) { rand5(100_000) },
    DiffBenchCase(name: "rand5-1m", n: 1_000_000, measuresMemory: true) { rand5(1_000_000) },
    DiffBenchCase(name: "sectioned", n: 100_000) {
      let (old, new) = DiffBenchInputs.sectioned()
      return PreparedDiff(old: old, new: new)
    },
  ]

  /// Whether the case also reports peak memory above its inputs.
  let measuresMemory: Bool

  init(
    name: String, n: Int, measuresMemory: Bool = false,
    prepare: @escaping @Sendable () -> PreparedDiff
  ) {
    self.name = name
    self.n = n
    self.measuresMemory = measuresMemory
    self.prepare = prepare
  }

  private static func rand5(_ count: Int) -> PreparedDiff {
    let (old, new) = DiffBenchInputs.rand5(count: count, seed: UInt64(count))
    return PreparedDiff(flatOld: old, flatNew: new)
  }

  /// Times Trellis, the lower bound and (in a child process it can stop) the standard library.
  func measure(runs: Int, stdlibLimit: Double) -> DiffBenchResult {
    let prepared = prepare()
    var result = DiffBenchResult(name: name, n: n)
    result.optimalMoves = prepared.optimalMoves
    var memory: MemoryProbe?
    if measuresMemory {
      memory = MemoryProbe.start()
      _ = prepared.trellis()
      result.peakBytesPerItem = memory.map { Double($0.peakAbove()) / Double(n) }
    }
    var totals = ChangeTotals()
    result.trellis = Timing.measure(runs: runs) { totals = prepared.trellis() }
    result.deletes = totals.sectionDeletes + totals.itemDeletes
    result.inserts = totals.sectionInserts + totals.itemInserts
    result.moves = totals.sectionMoves + totals.itemMoves
    result.reloads = totals.sectionReloads + totals.itemReloads
    result.lowerBound = Timing.measure(runs: runs) { _ = prepared.lowerBound() }
    result.stdlib = stdlibTiming(runs: runs, limit: stdlibLimit, prepared: prepared)
    return result
  }

  /// One standard-library run, in this process (for the child).
  func stdlibOnce() -> (seconds: Double, deletes: Int, inserts: Int, moves: Int) {
    let prepared = prepare()
    var counts = (deletes: 0, inserts: 0, moves: 0)
    let seconds = Timing.seconds { counts = prepared.stdlib() }
    return (seconds, counts.deletes, counts.inserts, counts.moves)
  }

  /// The first run goes in a child process stopped after `limit` seconds; when it finishes in
  /// time, more runs follow here, while they stay under two minutes in all.
  private func stdlibTiming(runs: Int, limit: Double, prepared: PreparedDiff) -> StdlibTiming {
    guard let first = StdlibChild.run(caseName: name, limit: limit) else {
      return StdlibTiming(skipped: true)
    }
    var samples = [first.seconds]
    var total = first.seconds
    while samples.count < runs, total + first.seconds < 120 {
      let seconds = Timing.seconds { _ = prepared.stdlib() }
      samples.append(seconds)
      total += seconds
    }
    return StdlibTiming(
      skipped: false, timing: Timing(samples: samples), deletes: first.deletes,
      inserts: first.inserts, moves: first.moves)
  }
}

/// A case's inputs, ready to diff.
struct PreparedDiff: @unchecked Sendable {
  let trellis: () -> ChangeTotals
  let lowerBound: () -> Int
  let stdlib: () -> (deletes: Int, inserts: Int, moves: Int)
  let optimalMoves: Int

  /// A flat list: one section.
  init<E: Diffable & Hashable>(flatOld: [E], flatNew: [E]) {
    self.init(
      old: Snapshot<FlatSection, E>(items: flatOld), new: Snapshot<FlatSection, E>(items: flatNew))
  }

  init<S: Diffable, E: Diffable & Hashable>(old: Snapshot<S, E>, new: Snapshot<S, E>) {
    let flatOld = old.sections.flatMap(\.items)
    let flatNew = new.sections.flatMap(\.items)
    trellis = {
      let staged = try? StagedChangeset(from: old, to: new)
      return staged?.totals ?? ChangeTotals()
    }
    lowerBound = {
      var index: [E.DiffID: Int] = [:]
      index.reserveCapacity(flatOld.count)
      for (k, element) in flatOld.enumerated() { index[element.diffID] = k }
      var found = 0
      for element in flatNew where index[element.diffID] != nil { found += 1 }
      return found
    }
    stdlib = {
      let difference = flatNew.difference(from: flatOld).inferringMoves()
      var deletes = 0
      var inserts = 0
      var moves = 0
      for change in difference {
        switch change {
        case .remove(_, _, let associated):
          if associated == nil { deletes += 1 } else { moves += 1 }
        case .insert(_, _, let associated): if associated == nil { inserts += 1 }
        }
      }
      return (deletes, inserts, moves)
    }
    optimalMoves = OptimalMoves.count(old: old, new: new)
  }
}
