import Foundation
import TrellisPostgres
import TrellisWeb
import TrellisWebPostgres

/// Where the people who may sign in are kept, as `--people` names it: an SQLite file, or a
/// PostgreSQL database given by its address (`postgres://user@host/database`), which servers
/// on several machines share.
package enum PeopleLocation {
  /// Why the people cannot be read: said on its own, without the command's usage, which is
  /// not what was wrong.
  package struct Problem: Error, CustomStringConvertible {
    package let description: String
    init(_ description: String) { self.description = description }
  }

  /// The people kept at `location`. A file is made when missing only when `creating` (adding
  /// someone), so that a mistyped name is said so rather than made into an empty file; a
  /// database gets its tables when they are missing.
  package static func open(_ location: String, creating: Bool = false) async throws
    -> any PeopleStore
  {
    if PostgresAddress.isAddress(location) {
      do { return try await PostgresPeopleStore(url: location) } catch {
        throw Problem(
          "cannot reach the people database \(PostgresAddress.redacted(location)): \(error)")
      }
    }
    if !creating, !FileManager.default.fileExists(atPath: location) {
      throw Problem(
        "there is no people file '\(location)': add someone first with "
          + "`trellis users add NAME --people \(location)`")
    }
    do { return try SQLitePeopleStore(path: location) } catch {
      throw Problem("cannot open the people file '\(location)': \(error)")
    }
  }
}
