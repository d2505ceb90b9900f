/// What a model that closes tells ``ClosedScreenObservations``.
extension TableModel {
  /// The objects the model's tracked reads may have registered with, and the key paths known
  /// read: each section's own (``Section/readObjects``), and the objects its rows are bound to.
  func readObjects() -> [ClosedScreenObservations.ReadObject] {
    var objects: [ClosedScreenObservations.ReadObject] = []
    for section in sections where !section.contentFollowsStore || !section.rowsFollowStore {
      objects += section.readObjects
      guard !section.rowsFollowStore, let cache = caches[ObjectIdentifier(section)] else {
        continue
      }
      for row in cache.keptRows.values {
        if let object = row.binding?.object { objects.append((object, [])) }
      }
    }
    return objects
  }
}
