import ArgumentParser
import Foundation
import Trellis
import TrellisDescriptors
import TrellisDocuments

/// `trellis-bench documents`: one entry of a 20,000-entry JSON document changed through its
/// form, as `trellis serve` keeps it: Done to the list's changeset and the file saved.
///
/// The baseline is what an app pays to keep the same edit on disk by hand: change the entry
/// in a Foundation tree already in memory, encode it with `JSONSerialization`, and write the
/// file atomically.
struct DocumentsCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "documents",
    abstract: "One entry of a 20,000-entry JSON document changed through its form, to the list's "
      + "changeset and the saved file; beside the same edit encoded and written by hand.")

  @Flag(help: "Print one JSON line instead of a table.")
  var json = false

  @Option(help: "Timed edits.")
  var runs = 30

  @Option(help: "Entries in the document.")
  var entries = 20_000

  func run() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-bench-documents-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("people.json")
    // Written as text, so that every entry's keys keep this order: the list's title is the name.
    let people = (0..<entries).map { index in
      "{\"name\": \"\(String(format: "P%05d", index))\", \"born\": \(1800 + index % 200), "
        + "\"note\": \"a note\"}"
    }
    try Data("{\"title\": \"People\", \"people\": [\(people.joined(separator: ", "))]}".utf8)
      .write(to: url)
    let bytes = (try? url.resourceValues(forKeys: [.fileSizeKey]).fileSize) ?? 0

    let (edit, correct) = try trellisEdits(url)
    let baseline = try handEdits(url)
    guard correct else {
      throw ValidationError("documents: the list or the file did not show the edit")
    }
    if json {
      print(
        "{\"case\":\"edit-\(entries / 1000)k\",\"entries\":\(entries),\"bytes\":\(bytes),"
          + "\"trellisMedian\":\(edit.median),\"trellisP99\":\(edit.percentile(99)),"
          + "\"baselineMedian\":\(baseline.median)}")
    } else {
      print("edit-\(entries / 1000)k: one entry of \(entries) changed, file of \(bytes) bytes")
      print(
        String(
          format: "  Done → changeset and saved file: median %.2f ms, p99 %.2f ms",
          edit.median * 1000, edit.percentile(99) * 1000))
      print(
        String(
          format: "  by hand (change, encode, write): median %.2f ms   ratio %.2f×",
          baseline.median * 1000, edit.median / baseline.median))
    }
  }

  /// Opens the document's list as `trellis serve` does, saving after every change, and times
  /// Done on an entry whose name was changed; whether the list and the file showed each edit.
  private func trellisEdits(_ url: URL) throws -> (Timing, Bool) {
    let store = try DocumentStore(contentsOf: url)
    let marksUnsaved = store.root.onChange
    store.root.onChange = { key in
      marksUnsaved?(key)
      try? store.save()
    }
    let navigator = Navigator(root: try store.screen(title: "people.json"))
    navigator.processChanges()
    try select(text: "People", in: navigator)
    var correct = true
    var samples: [Double] = []
    for run in 0...runs {
      let name = "Edited \(run)"
      try select(index: 0, in: navigator)
      let field = try rowID(text: "Name", in: navigator)
      try navigator.handle(.setValue(field, .string(name)))
      let seconds = try measured { try navigator.handle(.done) }
      if run > 0 { samples.append(seconds) }
      if navigator.top.model.snapshot.sections.first?.items.first?.text != name { correct = false }
    }
    let saved = try DocumentFile(contentsOf: url).root
    if saved.dictionaryValue?["people"]?.arrayValue?.first?.dictionaryValue?["name"]
      != .string("Edited \(runs)")
    {
      correct = false
    }
    return (Timing(samples: samples), correct)
  }

  /// The same edits kept by hand: a Foundation tree changed, encoded and written atomically.
  private func handEdits(_ url: URL) throws -> Timing {
    let data = try Data(contentsOf: url)
    guard var root = try JSONSerialization.jsonObject(with: data) as? [String: Any],
      var people = root["people"] as? [[String: Any]]
    else { throw ValidationError("documents: the file did not read back") }
    var run = 0
    return Timing.measure(runs: runs) {
      run += 1
      people[0]["name"] = "By hand \(run)"
      root["people"] = people
      if let encoded = try? JSONSerialization.data(withJSONObject: root) {
        try? encoded.write(to: url, options: .atomic)
      }
    }
  }

  private func measured(_ body: () throws -> Void) throws -> Double {
    var failure: (any Error)?
    let seconds = Timing.seconds {
      do { try body() } catch { failure = error }
    }
    if let failure { throw failure }
    return seconds
  }

  private func rowID(text: String, in navigator: Navigator) throws -> RowID {
    let snapshot = navigator.top.model.snapshot
    for (s, section) in snapshot.sections.enumerated() {
      if let item = section.items.firstIndex(where: { $0.text == text }),
        let id = navigator.top.model.rowID(at: ItemPath(item: item, section: s))
      {
        return id
      }
    }
    throw ValidationError("documents: no row '\(text)'")
  }

  private func select(text: String, in navigator: Navigator) throws {
    try navigator.handle(.select(try rowID(text: text, in: navigator)))
  }

  private func select(index: Int, in navigator: Navigator) throws {
    guard let id = navigator.top.model.rowID(at: ItemPath(item: index, section: 0)) else {
      throw ValidationError("documents: no row \(index)")
    }
    try navigator.handle(.select(id))
  }
}
