import Foundation

/// Keys a person adds to the dictionary a draft edits (a document's object): each becomes a
/// property of the draft's definition, and a row of its form.
extension Draft {
  /// Why `key` cannot be added to the object's dictionary; `nil` when it can.
  func problemAddingKey(_ key: String) -> String? {
    if key.trimmingCharacters(in: .whitespaces).isEmpty { return "Key cannot be only spaces" }
    // A key path's keys are separated by dots: a key with one could not be read back.
    if key.contains(".") { return "Key cannot contain “.”" }
    // A key deleted here, and not yet removed from the object, may be added again.
    let held = (try? object.value(forKey: key)) != nil && !removedKeys.toWrite.contains(key)
    if definition[key] != nil || held {
      return "“\(key)” is already a key here"
    }
    return nil
  }

  /// Adds `key`, holding the blank value of `kind`, after the object's other keys: a live
  /// draft writes it at once, a deferred one when it commits, and a discard drops it.
  ///
  /// - Throws: ``ScreenError/invalid(_:)`` naming the key when it cannot be added (empty, a
  ///   key the object has), or the object's refusal; nothing changes then.
  package func addKey(_ key: String, _ kind: NewKeyKind) throws(ScreenError) {
    if let problem = key.isEmpty ? "Key is required" : problemAddingKey(key) {
      throw .invalid(ValidationFailure([("key", problem)]))
    }
    let value = kind.blankValue
    if mode == .live {
      do throws(BindingError) { try object.setValues([(key, value)]) } catch {
        throw .notApplicable(error.description)
      }
    } else {
      noteKeysBeforeChange()
      cell(key).pending = value
    }
    definition.addProperty(kind.property(named: key, holding: value))
    addedKeys.append(key)
    touchKeys()
  }

  /// Drops the keys added since the last commit, which never reached the object, and shows
  /// again the keys deleted since then, which the object still holds.
  func dropKeyChanges() {
    guard let before = beforeKeyChanges else { return }
    definition = before.definition
    addedKeys = before.added
    removedKeys = (before.hidden, [])
    beforeKeyChanges = nil
    touchKeys()
  }

  /// Remembers the definition and keys as the last commit left them, before a deferred draft
  /// adds or deletes its first key since.
  func noteKeysBeforeChange() {
    if beforeKeyChanges == nil {
      beforeKeyChanges = (definition, addedKeys, removedKeys.hidden)
    }
  }

  /// Registers a read of the added keys, so that a form's section renders again when one is
  /// added or dropped.
  func observeKeys() { _ = cell(Self.internalPrefix + "keys").pending }

  func touchKeys() {
    let revision = cell(Self.internalPrefix + "keys")
    revision.pending = .int((revision.pending?.intValue ?? 0) + 1)
  }
}
