import Foundation
import Testing
import Trellis
import TrellisSQLite
import TrellisTesting
import TrellisValues

/// A choice among a database's rows takes only what a chooser writes: one object, or a list
/// of objects for a many-to-many.
@Suite struct AnyDataChoiceShapeTests {
  @Test func aManyToManyRefusesAValueThatIsNotAListOfObjects() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let app = try AnyDataSupport.app(url)
    try app.tap("tag")
    try app.send(.add(section: nil))
    try app.enter(.string("oak"), at: "Label")
    for wrong: Value in [.dictionary([:]), .array([.string("steel")]), .int(1)] {
      try app.enter(wrong, at: "Products")
      #expect(app.row("Products")?.validationMessage?.hasPrefix("Products must") == true)
      #expect(throws: ScreenError.self) { try app.send(.done) }
      #expect(app.top.title == "New Tag")
    }
    // Nothing was written, and once the choice is one a chooser makes, Done adds the tag.
    let before: Int? = try AnyDataSupport.value("SELECT count(*) FROM tag", in: url)
    #expect(before == 3)
    try app.enter(.array([]), at: "Products")
    try app.send(.done)
    #expect(app.texts.first?.contains("oak") == true)
    #expect(!app.texts.joined().contains { $0.hasPrefix("Could not load") })
    let after: Int? = try AnyDataSupport.value("SELECT count(*) FROM tag", in: url)
    #expect(after == 4)
  }

  @Test func theStoreRefusesAManyToManyThatIsNotAList() throws {
    let url = try AnyDataSupport.shop()
    defer { try? FileManager.default.removeItem(at: url.deletingLastPathComponent()) }
    let store = try #require(try SQLiteFileStores.shared(path: url.path).store(for: "tag"))
    let tag = try store.create()
    let kvc = try #require(tag.objectValue as? KeyValueCoding)
    try kvc.setValue(.string("oak"), forKey: "label")
    try kvc.setValue(.dictionary([:]), forKey: "Products")
    // Read as no pairs, the tag would be written while its object kept the dictionary.
    #expect(throws: StoreError.self) { try store.insert(tag, at: nil) }
    let tags: Int? = try AnyDataSupport.value("SELECT count(*) FROM tag", in: url)
    #expect(tags == 3)
  }
}
