import PostgresNIO
import Trellis
import TrellisSQL

extension PostgresStore {
  /// The distinct first characters of the text column `keyPath` among the rows passing
  /// `filter`, in any order, read in SQL (`SELECT DISTINCT substr(…, 1, 1)`) without loading
  /// rows, as the SQLite store lists them for a list grouped by first letter; `nil` when the
  /// key path is not a text column or the filter does not run wholly in SQL.
  public func firstCharacters(of keyPath: String, filter: ItemFilter?) async throws(StoreError)
    -> [String]?
  {
    guard entity.column(keyPath)?.kind == .text else { return nil }
    let query = try SQLQuery(FetchOptions(filter: filter), of: entity, keys: objectKeys)
    guard query.memoryFilter == nil else { return nil }
    let read = PostgresStatement(entity.firstCharactersRead(of: keyPath, query)).query
    return try await perform { connection in
      var characters: [String] = []
      for try await character in try await connection.query(read, logger: self.logger)
        .decode(String?.self)
      {
        if let character { characters.append(character) }
      }
      return characters
    }
  }
}
