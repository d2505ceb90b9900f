import Foundation
import Trellis
import Yams

/// Finds where a path of keys (`paths./pets.get`) is in an OpenAPI document's text, so that a
/// problem is reported at its line and column.
struct OpenAPIDocumentLocator {
  var text: String
  var isJSON: Bool
  var file: String

  /// Where the deepest entry of `path` that the text has starts; `nil` when none is found.
  func location(of path: [String]) -> SourceLocation? {
    if isJSON {
      guard let document = try? LocatedDocument(text: text, format: .json, file: file) else {
        return nil
      }
      for length in stride(from: path.count, through: 1, by: -1) {
        let keyPath = path.prefix(length).joined(separator: ".")
        if let place = document.keyLocation(ofKeyPath: keyPath) { return place }
      }
      return nil
    }
    guard var node = try? Yams.compose(yaml: text) else { return nil }
    var place: Mark? = node.mark
    for key in path {
      // Keys compared as text: a quoted "200" is not the number a lookup would make of it.
      if let mapping = node.mapping, let entry = mapping.first(where: { $0.key.string == key }) {
        place = entry.key.mark ?? entry.value.mark
        node = entry.value
      } else if let sequence = node.sequence, let index = Int(key.split(separator: " ").last ?? ""),
        sequence.indices.contains(index)
      {
        node = sequence[index]
        place = node.mark
      } else {
        break
      }
    }
    return place.map { SourceLocation(file: file, line: $0.line, column: $0.column) }
  }
}
