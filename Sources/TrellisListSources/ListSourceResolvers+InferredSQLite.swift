import Foundation
import Trellis
import TrellisDescriptors
import TrellisSQL
import TrellisSQLite

extension ListSourceResolvers {
  /// Opens an `inferred` SQLite source: the table's store among the file's
  /// (``SQLiteFileStores``), its to-ones object selections and its inverse lists rows of its
  /// form; a view's or a keyless table's rows, read again as the file changes, shown and
  /// never edited.
  static func inferredTable(_ table: String, file: String, url: URL, request: ListSourceRequest)
    throws(DiagnosticList) -> ListSourceStore
  {
    let stores: SQLiteFileStores
    do { stores = try SQLiteFileStores.shared(path: url.path) } catch {
      throw DiagnosticList([request.error(error.description, at: "file")])
    }
    guard stores.schema.table(table) != nil else {
      let names = stores.schema.tables.map(\.name)
      var message = "'\(file)' has no table '\(table)'"
      if let close = NameSuggestion.closest(to: table, among: names) {
        message += " (did you mean '\(close)'?)"
      }
      throw DiagnosticList([request.error(message, at: "table")])
    }
    if let store = stores.store(for: table) {
      return .store(store, store.itemsDefinition ?? store.entity.definition)
    }
    do throws(StoreError) {
      let store = try stores.viewStore(for: table)
      return .store(store, store.definition)
    } catch {
      throw DiagnosticList([request.error(error.description, at: "table")])
    }
  }
}
