import OpenAPIKit
import Trellis

/// One resource of an API: a collection path (`/pets`) and its item path (`/pets/{id}`), with
/// the operations the document gives them, the properties of their objects, and how the list
/// pages.
package struct OpenAPIResource: Hashable, Sendable {
  /// The most resources read from one document, properties of a resource, and choices of one
  /// property: a document is read as hostile input, so what it makes is bounded.
  package static let maximumResources = 200
  package static let maximumFields = 200
  package static let maximumChoices = 500

  /// The collection's last fixed path segment (`pets`), which names the list.
  package var name: String
  /// The collection's path as the document writes it (`/pets`, `/api/contacts/`).
  package var collectionPath: String
  /// The path of one object (`/pets/{id}`), when the document has one.
  package var itemPath: String?
  /// The item path's parameter (`id`), which stands for the object's identity.
  package var itemParameter: String?
  /// One object's name, for titles ("New Pet"): the schema's component name, else the
  /// collection's name made singular.
  package var itemName: String

  /// Whether the collection can be listed (GET on the collection).
  package var canList = false
  /// Whether one object can be read (GET on the item path).
  package var canRead = false
  /// Whether objects can be created (POST on the collection).
  package var canCreate = false
  /// The method that changes an object (PATCH, else PUT, on the item path), if any.
  package var updateMethod: String?
  /// Whether objects can be deleted (DELETE on the item path).
  package var canDelete = false

  /// The objects' properties a form shows, in the schema's order.
  package var fields: [OpenAPIField] = []
  /// The key of an object's identity.
  package var idKey = "id"

  /// Where a list response holds the objects (`results`, `data`); `nil` when it is the list.
  package var resultsKey: String?
  /// Where a list response holds the next page's address (`next`).
  package var nextKey: String?
  /// Where a list response holds the number of objects (`count`, `total`).
  package var countKey: String?
  /// The query parameter numbering pages (`page`).
  package var pageParameter: String?
  /// The query parameter skipping objects (`offset`, `skip`).
  package var offsetParameter: String?
  /// The query parameter sizing pages (`page_size`, `limit`, `per_page`).
  package var sizeParameter: String?
  /// The query parameter carrying a search text (`search`, `q`).
  package var searchParameter: String?

  /// The operations a list or form would use that the document does not have, in words
  /// ("the API has no DELETE for /pets/{id}").
  package var missing: [String] {
    var notes: [String] = []
    let item =
      itemPath ?? "\(collectionPath.hasSuffix("/") ? collectionPath : collectionPath + "/"){id}"
    if !canCreate { notes.append("the API has no POST for \(collectionPath)") }
    if updateMethod == nil { notes.append("the API has no PATCH or PUT for \(item)") }
    if !canDelete { notes.append("the API has no DELETE for \(item)") }
    return notes
  }

  /// Whether nothing can be changed: no create, update or delete.
  package var isReadOnly: Bool { !canCreate && updateMethod == nil && !canDelete }

  /// The title a row of the list shows: a text property named like a name or a title, else
  /// the first text property, else the first property.
  package var titleKey: String? {
    let texts = fields.filter { $0.kind == "string" }
    let named = texts.first { field in
      ["name", "title", "label"].contains { field.name.lowercased().contains($0) }
    }
    return (named ?? texts.first ?? fields.first)?.name
  }
}
