import ArgumentParser
import Foundation
import Synchronization
import Trellis

/// `trellis-bench forms`: one value change in a 10,000-row form with conditional rows.
///
/// Every tenth row is visible only while the row before it is switched on. Changing one switch
/// must re-evaluate the one condition that reads it, not all 1,000. The baseline is the floor
/// that any change pays: diffing the 10,000-row snapshot against itself.
struct FormsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "forms", abstract: "One value change in a 10,000-row form with conditional rows.")

  @Flag(help: "Print one JSON line instead of a table.")
  var json = false

  @Option(help: "Timed changes.")
  var runs = 200

  func run() throws {
    let rowCount = 10_000
    let evaluations = Atomic<Int>(0)
    var keys: [String] = []
    var values: [(String, Value)] = []
    for k in 0..<rowCount {
      let key = "field\(k)"
      keys.append(key)
      values.append((key, k % 10 == 0 ? .bool(true) : .string("value \(k)")))
    }
    var definition = try DataDefinition.dictionary(keys: keys.joined(separator: ";"))
    for k in stride(from: 1, to: rowCount, by: 10) {
      let trigger = "field\(k - 1)"
      definition["field\(k)"]?.visibleWhen = Condition("\(trigger) is on") { reader in
        evaluations.add(1, ordering: .relaxed)
        return reader.value(trigger) == .bool(true)
      }
    }
    let object = DocumentObject(.dictionary(ValueDictionary(values)))
    let model = TableModel()
    try model.generateSections(for: object, definition: definition)
    model.processChanges()

    // The switch at row 0 controls row 1; toggle it back and forth.
    let switchPath = ItemPath(item: 0, section: 0)
    var on = true
    var evaluated: [Int] = []
    let change = Timing.measure(runs: runs) {
      on.toggle()
      let before = evaluations.load(ordering: .relaxed)
      try? model.setValue(.bool(on), at: switchPath)
      evaluated.append(evaluations.load(ordering: .relaxed) - before)
    }
    let snapshot = model.snapshot
    let floor = Timing.measure(runs: runs) {
      _ = TableChangeset.reconciling(from: snapshot, to: snapshot)
    }
    let perChange = evaluated.max() ?? 0
    if json {
      print(
        "{\"case\":\"form-10k\",\"n\":\(rowCount),\"trellisMedian\":\(change.median),"
          + "\"trellisP99\":\(change.percentile(99)),\"baselineMedian\":\(floor.median),"
          + "\"conditionsEvaluatedPerChange\":\(perChange),\"conditions\":\(rowCount / 10)}")
    } else {
      print("form-10k: one switch change, \(rowCount) rows, \(rowCount / 10) conditional rows")
      print(
        String(
          format: "  change → changeset: median %.3f ms, p99 %.3f ms", change.median * 1000,
          change.percentile(99) * 1000))
      print(
        String(
          format: "  baseline (diff of the unchanged snapshot): median %.3f ms", floor.median * 1000
        ))
      print("  conditions evaluated per change: \(perChange) of \(rowCount / 10)")
    }
  }
}
