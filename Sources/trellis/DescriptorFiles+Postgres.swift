import Foundation
import Trellis
import TrellisDescriptors
import TrellisListSources
import TrellisPostgres
import TrellisSQL

/// Any PostgreSQL database as screens, with no descriptor: the descriptors inferred from its
/// catalog (``InferredDescriptors``), over a database opened beforehand
/// (``PostgresDatabase``).
extension DescriptorFiles {
  /// Whether `path` is a `postgres://` or `postgresql://` address.
  static func isPostgresAddress(_ path: String) -> Bool { PostgresAddress.isAddress(path) }

  /// How other programs' changes show, for the home screen of a database of `schema` whose
  /// triggers are on the `announced` tables.
  static func changesNote(
    schema: InferredSchema, announced: Set<String>, pollInterval: Duration
  ) -> String {
    let editable = schema.tables.filter { $0.kind == .table && $0.readOnlyReason == nil }
      .map(\.name)
    let polled = editable.filter { !announced.contains($0) }
    let seconds = pollInterval.components.seconds
    let every = seconds == 1 ? "every second" : "every \(seconds) seconds"
    if polled.isEmpty {
      return "Live: every program's changes show at once (notification triggers installed; "
        + "--remove-triggers removes them, and a server then looks every second)."
    }
    let which = polled.count == editable.count ? "" : " (\(polled.joined(separator: ", ")))"
    return "Other programs' changes\(which) show within a second or two: Trellis looks "
      + "\(every) (polling). --install-triggers makes them show at once, on every server."
  }

  /// The home screen inferred from the database at `url`, opened already, the library holding
  /// every table's list, and an empty root object; `nil`, with a diagnostic, when it is not
  /// open.
  mutating func postgresInputs(_ url: String, theme: String?) -> (
    descriptor: TableDescriptor, library: DescriptorLibrary, root: any KeyValueCoding
  )? {
    guard let database = PostgresDatabase.opened(url: url) else {
      diagnostics.append(Diagnostic("the database was not opened", file: redacted(url)))
      return nil
    }
    let changes =
      readOnly
      ? nil
      : Self.changesNote(
        schema: database.schema, announced: database.announcedTables,
        pollInterval: database.pollInterval)
    let inferred = InferredDescriptors(
      schema: database.schema, origin: .postgres(url: url), title: Self.databaseName(url),
      readOnly: readOnly, changes: changes)
    var (home, library, found) = inferred.library(classes: classes)
    diagnostics += found
    if let theme { library.theme = self.theme(theme) }
    guard let home, !hasErrors else { return nil }
    return (home, library, DocumentObject([:]))
  }

  /// `url` without its password.
  func redacted(_ url: String) -> String { PostgresAddress.redacted(url) }

  /// The database's name in `url` (its path), or its host.
  static func databaseName(_ url: String) -> String {
    guard let components = URLComponents(string: url) else { return "Database" }
    let path = components.path.trimmingCharacters(in: CharacterSet(charactersIn: "/"))
    return path.isEmpty ? (components.host ?? "Database") : path
  }
}
