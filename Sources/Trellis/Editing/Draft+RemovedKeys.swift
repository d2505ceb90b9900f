/// Keys a person deletes from the dictionary a draft edits (a document's object that takes new
/// keys): each loses its property in the draft's definition, and its row.
extension Draft {
  /// Whether `key` can be deleted from the object's dictionary: the dictionary is open-ended
  /// (its definition takes new keys) and `key` is one of its keys, not a custom row.
  func canRemoveKey(_ key: String) -> Bool {
    guard !definition.addableKeyKinds.isEmpty, object is DocumentObject,
      let property = definition[key], !property.isCustom
    else { return false }
    return true
  }

  /// Deletes `key` and its value: a live draft removes it from the object at once, a deferred
  /// one when it commits, and a discard shows it again. A key added since the last commit,
  /// which the object does not hold yet, is simply dropped.
  ///
  /// - Throws: ``TableEditError/rowNotEditable(row:reason:)`` when the key cannot be deleted
  ///   (a key of a fixed schema); nothing changes then.
  func removeKey(_ key: String) throws(TableEditError) {
    guard canRemoveKey(key), let document = object as? DocumentObject else {
      let title = definition[key]?.title ?? key
      throw .rowNotEditable(row: "“\(title)”", reason: "its key cannot be deleted")
    }
    if mode == .live {
      document.removeEntry(forKey: key)
    } else {
      noteKeysBeforeChange()
      if document.root.dictionaryValue?[key] != nil, !removedKeys.toWrite.contains(key) {
        removedKeys.toWrite.append(key)
      }
    }
    forget(key)
  }

  /// Removes the keys deleted since the last commit from the object, and returns how to put
  /// them back when the rest of the commit fails.
  func removeKeysFromObject() -> ValuesUndo {
    guard !removedKeys.toWrite.isEmpty, let document = object as? DocumentObject else {
      return ValuesUndo()
    }
    let before = document.root
    for key in removedKeys.toWrite { document.removeEntry(forKey: key) }
    return ValuesUndo { document.replaceRoot(before) }
  }

  /// Takes `key` out of the form: its property, its row and anything entered for it, so that
  /// neither validation nor the commit reads it.
  private func forget(_ key: String) {
    existingCell(key)?.clear()
    definition[key] = nil
    for index in definition.groups.indices {
      definition.groups[index].names.removeAll { $0.name == key && !$0.isCustom }
    }
    if let added = addedKeys.firstIndex(of: key) {
      addedKeys.remove(at: added)
    } else {
      removedKeys.hidden.insert(key)
    }
    touchKeys()
  }
}
