import Trellis

/// A form's Done on a service that can be read one object at a time
/// (``WebServiceDefinition/readObject``): nobody's change is overwritten unseen.
extension WebServiceStore {
  /// Writes `values` only if each property in `expecting` still holds that value on the
  /// service: the object is read first, and the write carries its `ETag` as `If-Match` (and
  /// its version, when the API keeps one), so that a write that slips in between is refused
  /// too. A refusal is a ``StoreError/conflict(_:)`` naming what the service now holds.
  public func prepareUpdate(
    _ item: Value, values: [String: Value], expecting: [String: Value]
  ) throws(StoreError) -> PreparedStoreWrite {
    guard let read = definition.readObject, !expecting.isEmpty else {
      return try prepareUpdate(item, values: values)
    }
    guard definition.updateObject != nil else { throw .unsupported("this service is read-only") }
    let id = try identity(of: try Self.document(item))
    return applyingAnswer(
      PreparedStoreWrite { () async throws(StoreError) in
        try await self.checkedUpdate(item, id: id, values: values, expecting: expecting, read: read)
      })
  }

  /// Whether the service still has `item`, read one object at a time
  /// (``WebServiceDefinition/readObject``): false when it answers 404. A service that cannot
  /// be read so, and an item not on the service yet, count as held.
  public func holds(_ item: Value) async throws(StoreError) -> Bool {
    guard let read = definition.readObject,
      let id = Self.identity(try Self.document(item).root.dictionaryValue?[definition.idKeyName])
    else { return true }
    do throws(StoreError) {
      _ = try await exchange(read, id: id, values: nil)
      return true
    } catch {
      guard case .notFound = error else { throw error }
      return false
    }
  }

  /// Reads the object `id`, compares it with `expecting`, and writes `values` if nothing
  /// changed.
  func checkedUpdate(
    _ item: Value, id: String, values: [String: Value], expecting: [String: Value],
    read: WebServiceDefinition.Endpoint
  ) async throws(StoreError) {
    let (stored, etag) = try await exchange(read, id: id, values: nil)
    let current = stored ?? [:]
    let conflicts = Self.conflicts(current, values: values, expecting: expecting)
    guard conflicts.isEmpty else { throw .conflict(conflicts) }
    var sent = values
    if let key = definition.versionKeyName, let version = current[key] { sent[key] = version }
    let headers = etag.map { [("If-Match", $0)] } ?? []
    do {
      try await update(item, id: id, values: sent, headers: headers)
    } catch {
      // Someone wrote between the read and the write: say what they changed.
      let versioned = definition.versionKeyName != nil
      switch error {
      case .conflict,
        .refused where versioned, .refusedValues where versioned:
        let (again, _) = try await exchange(read, id: id, values: nil)
        let conflicts = Self.conflicts(again ?? [:], values: values, expecting: expecting)
        throw .conflict(
          conflicts.isEmpty
            ? expecting.keys.sorted().map {
              FieldConflict(name: $0, theirs: again?[$0] ?? .null, yours: values[$0] ?? .null)
            } : conflicts)
      default: throw error
      }
    }
  }

  /// The properties whose stored value is no longer the one the form started from.
  static func conflicts(
    _ stored: ValueDictionary, values: [String: Value], expecting: [String: Value]
  ) -> [FieldConflict] {
    expecting.keys.sorted().compactMap { name in
      let theirs = stored[name] ?? .null
      let base = expecting[name] ?? .null
      // A service may answer a number as text, or text as a number: the same words are the
      // same value.
      guard theirs != base, theirs.displayText != base.displayText else { return nil }
      return FieldConflict(name: name, theirs: theirs, yours: values[name] ?? .null)
    }
  }
}
