import Foundation
import Trellis

extension DataDefinition {
  /// A store that keeps the definition's objects, as dictionaries of its keys, in the user
  /// defaults suite `suiteName` under `itemsKey` — the user-defaults answer to
  /// ``DataDefinition/generateCompatibleDataStore(items:)``.
  ///
  /// - Throws: ``StoreError/failed(_:)`` when Foundation refuses the suite name.
  public func generateCompatibleDataStore(suiteName: String, itemsKey: String = "items")
    throws(StoreError) -> UserDefaultsStore
  {
    try UserDefaultsStore(suiteName: suiteName, itemsKey: itemsKey, definition: self)
  }
}
