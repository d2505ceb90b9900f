import Foundation
import Trellis
import TrellisDescriptors
import TrellisTesting

extension FuzzCatalog {
  /// The document screens: a document's tree in each format (nested dictionaries open object
  /// screens, arrays open editable lists; a CSV or TSV file's records a list with a form per
  /// record), with a row that saves it; and a document's array of dictionaries as a store
  /// list.
  package static func documents() -> [FuzzTarget] {
    DocumentFormat.allCases.map { format in
      FuzzTarget("documents/tree-\(format.rawValue)") { setup in
        try documentTree(format, in: setup.temporaryDirectory())
      }
    } + [
      FuzzTarget("documents/items") { setup in try documentItems(in: setup.temporaryDirectory()) }
    ]
  }

  /// A tree with a value of every kind the format holds.
  static func sampleDocument(_ format: DocumentFormat) -> Value {
    guard ![.csv, .tsv].contains(format) else {
      // Separated values hold records of single values: text, numbers, Booleans, null.
      return [
        ["name": "Ann", "age": 3, "ratio": 0.5, "member": true, "note": "a, \"quoted\"\nline"],
        ["name": "Bo", "age": nil, "ratio": 1.25, "member": false, "note": ""],
      ]
    }
    guard format != .openStepPlist else {
      // OpenStep holds text, arrays and dictionaries only.
      return [
        "title": "Notes", "count": "41", "tags": ["red", "blue"],
        "address": ["city": "Oslo", "street": "Storgata"], "people": [["name": "Ann"]],
      ]
    }
    var root: ValueDictionary = [
      "title": "Notes", "count": 41, "ratio": 0.5, "published": true,
      "tags": ["red", "blue", "green"], "scores": [3, 1, 2], "empty": [],
      "address": ["city": "Oslo", "street": "Storgata"],
      "people": [["name": "Ann", "age": 3], ["name": "Bo", "age": 5]],
      "nested": ["deeper": ["deepest": "bottom"]],
    ]
    if format != .json {
      root["created"] = .date(Date(timeIntervalSince1970: 1_769_817_600))
      root["blob"] = .data(Data([0, 1, 2, 255]))
    }
    return .dictionary(root)
  }

  /// The tree of a document in `format`, and a row that saves it (which may refuse what the
  /// format cannot hold).
  static func documentTree(_ format: DocumentFormat, in folder: URL) throws -> Navigator {
    let url = folder.appendingPathComponent("tree.\(format.preferredPathExtension)")
    _ = try DocumentFile.create(at: url, root: sampleDocument(format), format: format)
    let store = try DocumentStore(contentsOf: url)
    let screen = try store.screen(title: "Tree")
    let actions = Section(id: "file", header: "File")
    var save = Row(id: RowID(.string("save")), kind: .button, text: "Save")
    save.action = .named("save")
    actions.addRow(save)
    screen.model.addSection(actions)
    let navigator = Navigator(root: screen)
    navigator.namedActions["save"] = { _ in try? store.save() }
    return navigator
  }

  /// The `items` array of a JSON document as a store list: add, delete, move and edit write
  /// the tree.
  static func documentItems(in folder: URL) throws -> Navigator {
    let url = folder.appendingPathComponent("items.json")
    _ = try DocumentFile.create(
      at: url,
      root: [
        "title": "Shopping",
        "items": [["name": "Milk", "count": 2], ["name": "Bread", "count": 1], ["name": "Tea"]],
      ], format: .json)
    let store = try DocumentStore(contentsOf: url, itemsKeyPath: "items")
    let definition = store.itemsDefinition ?? DataDefinition.document([:], name: "Item")
    let model = TableModel(title: "Shopping")
    let section = ArrayOfObjectsSection(id: "items", store: store, definition: definition)
    section.placeholderText = "No items"
    model.addSection(section)
    return Navigator(root: Screen(model: model, navigationBar: .addRightEditLeft))
  }
}
