import Trellis
import TrellisTesting

extension FuzzCatalog {
  /// Generated selections: every way of choosing on one screen, and a form whose rows push
  /// their selection lists.
  package static func selections() -> [FuzzTarget] {
    [
      FuzzTarget("selections/sections") { _ in selectionSections() },
      FuzzTarget("selections/pushed") { _ in try pushedSelections() },
    ]
  }

  /// One value chosen five ways: one required, one or none, several by value, several by
  /// index, among nothing; and a choice the data refuses.
  static func selectionSections() -> Navigator {
    let values = DocumentObject([
      "one": "Red", "maybe": .null, "many": ["Red"], "indices": [0, 2], "nothing": .null,
      "refused": "Red",
    ])
    let colours: [Value] = ["Red", "Green", "Blue", "Ørange", ""]
    func selection(
      _ key: String, _ items: [Value], multiple: Bool = false, none: Bool = false,
      storage: PropertyAttributes.SelectionStorage = .value,
      write: ((Value) -> String?)? = nil
    ) -> SelectionSection {
      SelectionSection(
        id: key, header: key.capitalized, items: items, allowsMultiple: multiple,
        allowsNone: none, storage: storage,
        read: { [weak values] in (try? values?.value(forKey: key)) ?? .null },
        write: write
          ?? { [weak values] value in
            do {
              try values?.setValue(value, forKey: key)
              return nil
            } catch { return "\(error)" }
          })
    }
    let model = TableModel(title: "Choose")
    model.addSection(selection("one", colours))
    model.addSection(selection("maybe", colours, none: true))
    model.addSection(selection("many", colours, multiple: true, none: true))
    model.addSection(selection("indices", colours, multiple: true, storage: .index))
    model.addSection(selection("nothing", [], none: true))
    model.addSection(selection("refused", colours) { _ in "the data refuses every choice" })
    return Navigator(root: Screen(model: model, navigationBar: .editRight))
  }

  /// A form of selection rows, each pushing its list: by value, by index, several, optional.
  static func pushedSelections() throws -> Navigator {
    let values = DocumentObject([
      "size": "M", "sizeIndex": 1, "sizes": ["S", "L"], "optional": .null, "number": 2,
    ])
    var definition = try DataDefinition.dictionary(keys: "size;sizeIndex;sizes;optional;number")
    definition["size"]?.attributes = .selection(["S", "M", "L", "XL"])
    definition["sizeIndex"]?.attributes = .selection(["S", "M", "L"], storage: .index)
    definition["sizes"]?.attributes = .selection(["S", "M", "L"], allowsMultiple: true)
    definition["optional"]?.attributes = .selection(["Yes", "No"], allowsNone: true)
    definition["number"]?.attributes = .selection([1, 2, 3, .double(2.5)])
    let model = TableModel(title: "Sizes")
    try model.generateSections(for: values, definition: definition, mode: .live)
    return Navigator(root: Screen(model: model))
  }
}
