import GRDB
import Trellis
import TrellisSQL

extension SQLiteStore: FirstCharacterListing {
  /// Answers in SQL (`SELECT DISTINCT substr(…, 1, 1)`) when the key path is a text column and
  /// the filter translates to SQL.
  public func firstCharacters(of keyPath: String, filter: ItemFilter?) throws(StoreError)
    -> [String]?
  {
    guard entity.column(keyPath)?.kind == .text else { return nil }
    let query = try SQLQuery(FetchOptions(filter: filter), of: entity, keys: objectKeys)
    guard query.memoryFilter == nil else { return nil }
    let characters = entity.firstCharactersRead(of: keyPath, query)
    let arguments = try characters.statementArguments()
    return try read { db in
      try String.fetchAll(db, sql: characters.sql, arguments: arguments)
    }
  }
}
