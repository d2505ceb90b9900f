import Testing
import Trellis
import TrellisExamples
import TrellisTesting

@testable import TrellisTerminal

/// The terminal's lines follow every changeset the way a table view does: each one is also
/// replayed through the headless table view, which checks UITableView's contract.
@Suite("Line model")
struct LineModelTests {
  /// A line model that takes every changeset of `model`, beside a headless host.
  final class Follower {
    var lines: LineModel
    let host: HeadlessHost
    let model: TableModel
    var token: ObservationToken?

    init(_ model: TableModel, columns: Int = 40) {
      self.model = model
      host = HeadlessHost(model: model)
      lines = LineModel(table: model.snapshot, layout: RowLayout(columns: columns))
      token = model.observe { [unowned self] changeset in self.lines.apply(changeset) }
    }

    /// Processes the model's changes; the lines must equal a fresh layout, and the table the
    /// headless table view shows.
    func check(_ note: String = "") throws {
      model.processChanges()
      try host.check()
      var fresh = LineModel(table: model.snapshot, layout: lines.layout)
      #expect(lines.allLines() == fresh.allLines(), "\(note)")
      #expect(
        lines.table.sections.map { $0.items.map(\.id) }
          == host.table.visible.map { $0.items.map(\.id) })
      #expect(lines.table == model.snapshot)
    }
  }

  @Test func stringsSectionEditsAreApplied() throws {
    let (model, section) = StringsExample.model()
    let follower = Follower(model)
    let before = follower.lines.allLines().map(\.text)
    #expect(before.contains("  | Three!                             |"))
    try model.moveRow(from: ItemPath(item: 2, section: 0), to: ItemPath(item: 0, section: 0))
    try follower.check("move")
    section.content.append("Four")
    try follower.check("append")
    section.content.remove(at: 1)
    try follower.check("remove")
    section.content[0] = "Three, renamed"
    try follower.check("rename")
    #expect(
      follower.lines.allLines().map(\.text).contains("  | Three, renamed                     |"))
  }

  @Test func onlyChangedRowsAreDrawnAgain() throws {
    let (model, section) = StringsExample.model()
    section.content = (0..<200).map { "Item \($0)" }
    let follower = Follower(model)
    try follower.check()
    _ = follower.lines.allLines()
    let drawn = follower.lines.rowsDrawn
    section.content[100] = "Changed"
    try follower.check()
    // The check lays out a fresh model of its own; this one drew one row again.
    _ = follower.lines.allLines()
    #expect(follower.lines.rowsDrawn == drawn + 1)
  }

  @Test func randomEditsInManySectionsMatchTheHeadlessTable() throws {
    let model = TableModel(title: "Random")
    var sections: [ContentSection<String>] = []
    for index in 0..<4 {
      let section = ContentSection<String>(
        id: "s\(index)", header: "Section \(index)", content: (0..<5).map { "s\(index)-\($0)" }
      ) { text, row in
        row.text = text
        row.detailText = text.hasSuffix("!") ? "loud" : nil
      }
      section.rowDefaults = RowDefaults(isMovable: true, isDeletable: true)
      sections.append(section)
      model.addSection(section)
    }
    let follower = Follower(model, columns: 50)
    var generator = SplitMix(seed: 42)
    var counter = 0
    for round in 0..<300 {
      let section = sections[Int(generator.next() % UInt64(sections.count))]
      var content = section.content
      let changes = 1 + Int(generator.next() % 4)
      for _ in 0..<changes {
        counter += 1
        switch generator.next() % 5 {
        case 0:
          content.insert("new \(counter)", at: Int(generator.next() % UInt64(content.count + 1)))
        case 1 where !content.isEmpty:
          content.remove(at: Int(generator.next() % UInt64(content.count)))
        case 2 where content.count > 1:
          let element = content.remove(at: Int(generator.next() % UInt64(content.count)))
          content.insert(element, at: Int(generator.next() % UInt64(content.count + 1)))
        case 3 where !content.isEmpty:
          let index = Int(generator.next() % UInt64(content.count))
          content[index] += "!"
        default: content.shuffle(using: &generator)
        }
      }
      section.content = content
      try follower.check("round \(round)")
    }
  }

  @Test func editModeAndWidthLayOutAgain() throws {
    let (model, _) = StringsExample.model()
    model.processChanges()
    var lines = LineModel(table: model.snapshot, layout: RowLayout(columns: 40))
    lines.relayout(RowLayout(columns: 40, isEditing: true))
    #expect(lines.allLines().map(\.text).contains("  | (-) One                          ≡ |"))
    lines.relayout(RowLayout(columns: 30, isEditing: true))
    #expect(lines.allLines().allSatisfy { TerminalText.width(of: $0.text) <= 30 })
  }
}

extension SplitMix: RandomNumberGenerator {}
