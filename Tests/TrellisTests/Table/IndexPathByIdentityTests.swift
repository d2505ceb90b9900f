import Testing
import TrellisTesting

@testable import Trellis

/// A row is found by its identity where hosts see it now, through the index the model keeps,
/// after edits that move rows around.
@Suite("Index paths by identity")
struct IndexPathByIdentityTests {
  @Test func everyShownRowIsFoundWhereItIsAndAGoneRowIsNot() throws {
    let model = TableModel()
    let fruit = ContentSection(id: "fruit", content: ["apple", "banana", "cherry"]) { text, row in
      row.text = text
      row.isVisible = text != "banana"
    }
    let veg = ContentSection(id: "veg", content: ["leek", "kale"]) { text, row in
      row.text = text
    }
    model.addSection(fruit)
    model.addSection(veg)
    var random = SeededRandom(seed: 7)
    for step in 0..<40 {
      var content = veg.content
      switch Int.random(in: 0..<3, using: &random) {
      case 0: content.insert("new \(step)", at: Int.random(in: 0...content.count, using: &random))
      case 1 where !content.isEmpty:
        content.remove(at: Int.random(in: 0..<content.count, using: &random))
      default: content.shuffle(using: &random)
      }
      veg.content = content
      let shown = model.shown
      for (s, section) in shown.sections.enumerated() {
        for (r, row) in section.items.enumerated() {
          #expect(model.indexPath(of: row.id) == ItemPath(item: r, section: s))
        }
      }
      #expect(model.indexPath(of: RowID("banana")) == nil, "a hidden row is not shown")
      #expect(model.indexPath(of: RowID("no such row")) == nil)
    }
  }

  /// Rows looked up after a render are found by reading the identities in order, without an
  /// index, until those reads add up to the whole list; by identity and by hash, they find
  /// what the index finds: a shown row, a hidden one (not shown), one that is not there.
  @Test func lookupsBuildAnIndexOnlyOnceTheyHaveReadTheWholeList() throws {
    let model = TableModel()
    let words = ContentSection(id: "words", content: ["a", "b", "hidden", "c"]) { text, row in
      row.text = text
      row.isVisible = text != "hidden"
    }
    model.addSection(words)
    let cache = { model.caches[ObjectIdentifier(words)] }
    for (step, name) in ["c", "hidden", "nowhere", "a", "b"].enumerated() {
      let target = RowID(.string(name))
      let expected = model.shown.sections[0].items.firstIndex { $0.id == target }
        .map { ItemPath(item: $0, section: 0) }
      words.content.append("new \(step)")
      _ = model.shown
      // Each new render starts without an index. A lookup reads the list as far as its row
      // (all of it for a row that is not there): this many read it whole.
      func lookups() -> Int {
        let cost = words.content.firstIndex(of: name).map { $0 + 1 } ?? words.content.count
        return (words.content.count + cost - 1) / cost
      }
      for _ in 0..<lookups() { #expect(model.indexPath(of: target) == expected) }
      #expect(cache()?.elementIndexByID == nil)
      #expect(model.indexPath(of: target) == expected)
      #expect(cache()?.elementIndexByID != nil)
      words.content.append("again \(step)")
      _ = model.shown
      for _ in 0..<lookups() {
        #expect(model.indexPath(ofRowHash: target.hashValue) == expected)
      }
      #expect(cache()?.elementIndexByHash == nil)
      #expect(model.indexPath(ofRowHash: target.hashValue) == expected)
      #expect(cache()?.elementIndexByHash != nil)
    }
  }

  /// An event names its row by identity, read where the host showed it: when the list changes
  /// before the event arrives, it still reaches that row, and a row that is gone is refused
  /// with nothing changed (by position, each would have hit the row that moved into its place).
  @Test func anEventReachesItsRowAfterTheListChangedUnderIt() throws {
    let model = TableModel()
    let list = ContentSection(id: "list", content: ["a", "b", "c", "d"]) { text, row in
      row.text = text
      row.isDeletable = true
    }
    model.addSection(list)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try app.send(.setEditing(true))
    let a = app.rowID(at: ItemPath(item: 0, section: 0))
    let c = app.rowID(at: ItemPath(item: 2, section: 0))
    // Another change removes "a" first: "d" is now where "c" was.
    list.content = ["b", "c", "d"]
    model.processChanges()
    try app.send(.delete(c))
    #expect(app.texts == [["b", "d"]])
    #expect(throws: ScreenError.rowGone(a)) { try app.send(.delete(a)) }
    #expect(app.texts == [["b", "d"]])
    #expect(app.host.violations.isEmpty)
  }
}
