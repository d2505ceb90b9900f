import Foundation
import Observation
import Trellis
import TrellisWeb

/// One named thing on a shelf, edited in place.
@Observable final class ShelfItem: @unchecked Sendable {
  var name: String
  init(_ name: String) { self.name = name }
}

/// A list shared by every session of an app: rows are text fields bound to each item's name,
/// deletable and movable, so that two windows can edit and rearrange the same rows.
@Observable final class Shelf: @unchecked Sendable {
  var items: [ShelfItem]
  init(_ names: [String]) { items = names.map(ShelfItem.init) }

  /// A server with one app, `shelf`, showing `shelf` to every session.
  static func server(_ shelf: Shelf, configuration: WebConfiguration) throws -> WebServer {
    let app = WebApp(id: "shelf", title: "Shelf") {
      let model = TableModel(title: "Shelf")
      let section = ContentSection(id: "items", binding: shelf, \.items) { item, row in
        row.kind = .textField
        row.text = "Name"
        row.binding = RowBinding(item, \.name, name: "name")
        row.isDeletable = true
        row.isMovable = true
        row.editingStyle = .delete
      }
      model.addSection(section)
      return Navigator(root: Screen(model: model))
    }
    return try WebServer(apps: [app], configuration: configuration)
  }
}
