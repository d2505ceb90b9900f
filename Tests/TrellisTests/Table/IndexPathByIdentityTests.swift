import Testing
import Trellis
import TrellisTesting

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
}
