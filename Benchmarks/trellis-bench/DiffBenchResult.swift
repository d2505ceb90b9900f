import Foundation

/// The figures of one diff case.
struct DiffBenchResult {
  var name: String
  var n: Int
  var trellis = Timing(samples: [])
  var lowerBound = Timing(samples: [])
  var stdlib = StdlibTiming(skipped: true)
  var deletes = 0
  var inserts = 0
  var moves = 0
  var reloads = 0
  var optimalMoves = 0
  var peakBytesPerItem: Double?

  var ratio: Double { trellis.median / lowerBound.median }

  /// How far the reported moves are above the optimum, as a fraction.
  var moveExcess: Double {
    optimalMoves == 0 ? Double(moves) : Double(moves - optimalMoves) / Double(optimalMoves)
  }

  /// One JSON line with the published fields (and a few more).
  var jsonLine: String {
    var fields: [(String, String)] = [
      ("case", "\"\(name)\""), ("n", "\(n)"),
      ("trellisMedian", number(trellis.median)), ("trellisMin", number(trellis.minimum)),
      ("stdlibMedian", stdlib.timing.map { number($0.median) } ?? "null"),
      ("stdlibSkipped", stdlib.skipped ? "true" : "false"),
      ("lowerBoundMedian", number(lowerBound.median)), ("ratio", number(ratio)),
      ("deletes", "\(deletes)"), ("inserts", "\(inserts)"), ("moves", "\(moves)"),
      ("reloads", "\(reloads)"), ("optimalMoves", "\(optimalMoves)"),
      ("runs", "\(trellis.samples.count)"),
    ]
    if !stdlib.skipped {
      fields += [
        ("stdlibDeletes", "\(stdlib.deletes)"), ("stdlibInserts", "\(stdlib.inserts)"),
        ("stdlibMoves", "\(stdlib.moves)"), ("stdlibRuns", "\(stdlib.timing?.samples.count ?? 0)"),
      ]
    }
    if let peakBytesPerItem { fields.append(("peakBytesPerItem", number(peakBytesPerItem))) }
    return "{" + fields.map { "\"\($0.0)\":\($0.1)" }.joined(separator: ",") + "}"
  }

  /// The human-readable table of every case.
  static func table(_ results: [DiffBenchResult]) -> String {
    let header = [
      "case", "n", "trellis med", "trellis min", "lower bd", "ratio", "stdlib med", "del", "ins",
      "moves", "optimal", "reload", "stdlib del/ins/mov",
    ]
    var rows = [header]
    for r in results {
      rows.append([
        r.name, "\(r.n)", ms(r.trellis.median), ms(r.trellis.minimum), ms(r.lowerBound.median),
        String(format: "%.2f×", r.ratio),
        r.stdlib.timing.map { ms($0.median) } ?? "skipped", "\(r.deletes)", "\(r.inserts)",
        "\(r.moves)", "\(r.optimalMoves)", "\(r.reloads)",
        r.stdlib.skipped ? "—" : "\(r.stdlib.deletes)/\(r.stdlib.inserts)/\(r.stdlib.moves)",
      ])
    }
    let widths = header.indices.map { c in rows.map { $0[c].count }.max() ?? 0 }
    var lines = rows.map { row in
      row.enumerated().map { c, cell in
        c == 0
          ? cell.padding(toLength: widths[c], withPad: " ", startingAt: 0)
          : String(repeating: " ", count: widths[c] - cell.count) + cell
      }.joined(separator: "  ")
    }
    lines.insert(String(repeating: "-", count: lines[0].count), at: 1)
    for r in results where r.peakBytesPerItem != nil {
      lines.append(
        "\(r.name): peak memory above the inputs while diffing: "
          + String(format: "%.1f bytes per element", r.peakBytesPerItem ?? 0))
    }
    lines.append("times in milliseconds; ratio = Trellis median ÷ lower-bound median")
    return lines.joined(separator: "\n")
  }
}

private func number(_ value: Double) -> String {
  value.isFinite ? String(format: "%.9g", value) : "null"
}

private func ms(_ seconds: Double) -> String {
  seconds.isFinite ? String(format: "%.3f", seconds * 1000) : "—"
}
