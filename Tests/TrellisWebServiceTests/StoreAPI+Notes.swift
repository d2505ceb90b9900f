import Trellis
import TrellisWeb

extension StoreAPI {
  /// A Store API at `/api/notes/` over a memory store of `count` notes (`id` 1 to 3, `name`
  /// N1 to N3, for three), and that store.
  static func notes(count: Int = 3) throws -> (MemoryStore, StoreAPI) {
    let definition = try DataDefinition.dictionary(keys: "id;name")
    let memory = MemoryStore(
      items: (1...count).map {
        .object(ObjectReference(DocumentObject(["id": .int($0), "name": .string("N\($0)")])))
      },
      definition: definition)
    let api = try StoreAPI(store: memory, definition: definition, path: "/api/notes/", idKey: "id")
    return (memory, api)
  }
}
