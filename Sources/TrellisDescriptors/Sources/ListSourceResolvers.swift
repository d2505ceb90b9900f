import Foundation
import Trellis

/// The resolvers of the kinds of ``ListSource``: documents here; SQLite tables and web
/// services where their stores are linked.
public enum ListSourceResolvers {
  /// Opens `document` sources: the dictionaries of a list inside a JSON or property-list
  /// file, as a ``DocumentStore``. Edits change the document in memory.
  public static let document: ListSourceResolver = { request throws(DiagnosticList) in
    guard case .document(let file, let keyPath, let keys, let name) = request.source else {
      throw DiagnosticList([request.error("not a document source")])
    }
    let url = request.url(ofFile: file)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw DiagnosticList([request.error("no document '\(file)' at \(url.path)", at: "file")])
    }
    var given: DataDefinition?
    if let keys {
      do { given = try DataDefinition.dictionary(keys: keys) } catch {
        throw DiagnosticList([request.error("bad names string: \(error)", at: "keys")])
      }
      given?.name = "Item"
    }
    let store: DocumentStore
    do throws(Diagnostic) {
      store = try DocumentStore(contentsOf: url, itemsKeyPath: keyPath, itemsDefinition: given)
    } catch {
      // A parse error is located in the document; a key path that is no list, at the key.
      if error.location != nil, !error.message.hasSuffix("is not an array of dictionaries") {
        throw DiagnosticList([error])
      }
      throw DiagnosticList([
        request.error(
          keyPath.isEmpty
            ? "'\(file)' is not a list of dictionaries"
            : "'\(keyPath)' in '\(file)' is not a list of dictionaries",
          at: keyPath.isEmpty ? "file" : "keyPath")
      ])
    }
    guard var definition = store.itemsDefinition else {
      throw DiagnosticList([
        request.error(
          "the list in '\(file)' is empty, so its keys are unknown: name them in 'keys'",
          at: "file")
      ])
    }
    if keys != nil { typeNamedKeys(of: &definition, from: store) }
    if let name { definition.name = name }
    return .store(store, definition)
  }

  /// Gives each key a `keys` string named, untyped, the kind its values in the document have
  /// (the first that is not null), or text when none has one: a new item's form then edits
  /// each as a field, not a label showing nothing.
  static func typeNamedKeys(of definition: inout DataDefinition, from store: DocumentStore) {
    let items = (try? store.fetch(FetchOptions())) ?? []
    let read = definition
    for property in definition.properties where !property.isCustom && property.valueKind == nil {
      var typed = property
      let kind = items.compactMap { item -> ValueKind? in
        let value = read.reader(for: item).value(property.name) ?? .null
        switch value {
        case .null, .array, .dictionary, .object: return nil
        default: return value.inferredKind
        }
      }.first
      typed.valueKind = .optional(kind ?? .string)
      definition[property.name] = typed
    }
  }
}
