import Foundation
import Trellis
import TrellisWebService

// The web-service answer fuzzer: every input is an answer a server might send, read as a page
// by the three presets' definitions (Django REST framework, Datasette, Parse) and as a refusal
// in each error format. Reading must give a page or a StoreError that names the address; it
// must never trap, and a page's objects must all carry the definition's identity key.
//
// Built by Fuzz/run-services.sh against the core modules and the definition half of
// TrellisWebService (Sources/TrellisWebService/Definition), which needs no network.

private let url = "http://127.0.0.1:8000/api/items/"

private let definitions: [WebServiceDefinition] = [
  .djangoREST(baseURL: "http://127.0.0.1:8000/", resource: "api/items/", keys: "name;rank"),
  .datasette(baseURL: "http://127.0.0.1:8001/", database: "db", table: "items", keys: "name"),
  .parse(
    baseURL: "http://127.0.0.1:1337/parse/", className: "Item", applicationID: "a",
    restAPIKey: "k", keys: "name;rank"),
]

@_cdecl("LLVMFuzzerTestOneInput")
public func servicesFuzzerTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
  guard let start else { return 0 }
  let bytes = [UInt8](UnsafeRawBufferPointer(start: start, count: count))
  for definition in definitions {
    let refusal = WebServiceReply.refusal(
      bytes, format: definition.errors, keys: ["name", "rank"], url: url)
    if refusal.description.isEmpty { fatalError("a refusal without a message") }
    do {
      let root = try WebServiceReply.json(bytes, url: url)
      let page = try WebServiceReply.page(root, of: definition, url: url)
      for entries in page.results where entries[definition.idKeyName] == nil {
        fatalError("an object without its identity was accepted")
      }
    } catch {
      if !error.description.contains(url) {
        fatalError("an error that does not name the address: \(error)")
      }
    }
  }
  return 0
}
