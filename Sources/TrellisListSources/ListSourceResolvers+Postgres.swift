import Foundation
import Trellis
import TrellisDescriptors
import TrellisPostgres
import TrellisSQL

extension ListSourceResolvers {
  /// Opens `postgres` sources: a table of a database opened beforehand
  /// (``TrellisDescriptors/DescriptorLibrary/openPostgresSources(pollInterval:)``), as the store of its rows among the
  /// database's (``PostgresDatabase``), whose to-ones are object selections and whose inverse
  /// lists are rows of its form; a view's rows, shown and never edited, read a page at a time
  /// and again when its tables change (``PostgresViewStore``).
  public static let postgres: ListSourceResolver = { request throws(DiagnosticList) in
    guard case .postgres(let url, let table) = request.source else {
      throw DiagnosticList([request.error("not a PostgreSQL source")])
    }
    guard let database = PostgresDatabase.opened(url: url) else {
      throw DiagnosticList([
        request.error(
          "the database at \(PostgresAddress.redacted(url)) was not opened before the screens",
          at: "url")
      ])
    }
    guard database.schema.table(table) != nil else {
      let names = database.schema.tables.map(\.name)
      var message = "\(database.address) has no table '\(table)'"
      if let close = NameSuggestion.closest(to: table, among: names) {
        message += " (did you mean '\(close)'?)"
      }
      throw DiagnosticList([request.error(message, at: "table")])
    }
    if let store = database.store(for: table) {
      return .asyncStore(store, store.itemsDefinition ?? store.entity.definition)
    }
    guard let view = database.viewStore(for: table) else {
      throw DiagnosticList([request.error("the columns of \(table) cannot be shown", at: "table")])
    }
    return .asyncStore(view, view.definition)
  }
}

extension DescriptorLibrary {
  /// Opens the database of every `postgres` source of the library's descriptors, once per
  /// address, so that their screens can be made; the diagnostics of those that cannot be
  /// opened, at the source.
  public func openPostgresSources(pollInterval: Duration = .seconds(1)) async -> [Diagnostic] {
    var urls: [String] = []
    for descriptor in descriptors.values {
      let sources =
        descriptor.sections.compactMap { $0.source?.source }
        + [descriptor.singleObject?.source].compactMap { $0 }
      for case .postgres(let url, _) in sources where !urls.contains(url) {
        urls.append(url)
      }
    }
    var diagnostics: [Diagnostic] = []
    for url in urls {
      do { _ = try await PostgresDatabase.shared(url: url, pollInterval: pollInterval) } catch {
        diagnostics.append(Diagnostic(error.description, file: PostgresAddress.redacted(url)))
      }
    }
    return diagnostics
  }
}
