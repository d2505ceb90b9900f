import Foundation
import Trellis
import TrellisDescriptors
import TrellisSQLite

extension ListSourceResolvers {
  /// Opens `sqlite` sources: a table already in an SQLite file (relative to the descriptor),
  /// its columns read from the file, as an ``SQLiteStore``. Edits are written to the file, and
  /// changes other programs make to it show.
  public static let sqlite: ListSourceResolver = { request throws(DiagnosticList) in
    guard case .sqlite(let file, let table, let keys, let name, let inferred) = request.source
    else {
      throw DiagnosticList([request.error("not an SQLite source")])
    }
    let url = request.url(ofFile: file)
    guard FileManager.default.fileExists(atPath: url.path) else {
      throw DiagnosticList([request.error("no SQLite file '\(file)' at \(url.path)", at: "file")])
    }
    if inferred { return try inferredTable(table, file: file, url: url, request: request) }
    do throws(SQLiteEntity.ExistingTableError) {
      let store = try SQLiteStore.existingTable(table, path: url.path, keys: keys, name: name)
      return .store(store, store.entity.definition)
    } catch {
      throw DiagnosticList([Self.diagnostic(error, file: file, table: table, request: request)])
    }
  }

  /// What went wrong opening a table, located at the setting at fault.
  static func diagnostic(
    _ error: SQLiteEntity.ExistingTableError, file: String, table: String,
    request: ListSourceRequest
  ) -> Diagnostic {
    switch error {
    case .notADatabase(let reason):
      return request.error("cannot open '\(file)' as an SQLite database: \(reason)", at: "file")
    case .noTable(let name, let tables):
      var message = "'\(file)' has no table '\(name)'"
      if let close = NameSuggestion.closest(to: name, among: tables) {
        message += " (did you mean '\(close)'?)"
      } else if tables.isEmpty {
        message += "; it has no table at all"
      } else {
        message += "; its tables are " + tables.joined(separator: ", ")
      }
      return request.error(message, at: "table")
    case .badKeys(let list):
      let reasons = list.diagnostics.map(\.message).joined(separator: "; ")
      return request.error("bad names string in 'keys': \(reasons)", at: "keys")
    case .unknownColumn(let name, let columns):
      var message = "'keys' names '\(name)', which the table '\(table)' has no column for"
      if let close = NameSuggestion.closest(to: name, among: columns) {
        message += " (did you mean '\(close)'?)"
      } else {
        message += "; its columns are " + columns.joined(separator: ", ")
      }
      return request.error(message, at: "keys")
    case .unsupported(let reason):
      return request.error(reason, at: "table")
    }
  }
}
