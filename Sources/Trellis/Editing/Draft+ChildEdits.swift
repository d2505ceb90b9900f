/// The edits of child drafts (the objects a form's rows open), kept by the draft they were
/// committed into until it commits itself.
extension Draft {
  /// The value a committed child edit gave `name` of `object`, here or in a draft this one
  /// commits into; `nil` when none did.
  func childValue(of object: AnyObject, _ name: String) -> Value? {
    if let edit = childEdits[ObjectIdentifier(object)],
      let value = edit.values.last(where: { $0.0 == name })?.1
    {
      return value
    }
    return parent?.childValue(of: object, name)
  }

  /// Writes committed child edits to their objects now, before a store that writes in the
  /// background reads the object with its children; the undo puts them back when the store
  /// refuses. A later ``commit(through:)`` writes the same values again, which changes
  /// nothing.
  func applyChildEdits() throws(StoreError) -> ValuesUndo {
    var undo = ValuesUndo()
    do throws(BindingError) {
      for key in childOrder {
        guard let edit = childEdits[key] else { continue }
        undo.append(try edit.object.setValues(edit.values))
      }
    } catch {
      undo.run()
      throw .invalidItem(error.description)
    }
    return undo
  }

  /// Keeps the values a child draft committed for its object.
  func recordChild(object: KeyValueCoding, target: AnyObject, values: [(String, Value)]) {
    let key = ObjectIdentifier(target)
    if childEdits[key] == nil { childOrder.append(key) }
    let previous = childEdits[key]?.values ?? []
    childEdits[key] = (object, previous + values)
    touchChildren()
  }

  /// Takes over the child edits of `child`, which committed into this draft.
  func inheritChildren(from child: Draft) {
    for key in child.childOrder {
      guard let edit = child.childEdits[key] else { continue }
      if childEdits[key] == nil { childOrder.append(key) }
      childEdits[key] = (edit.object, (childEdits[key]?.values ?? []) + edit.values)
    }
    touchChildren()
  }

  /// A revision that changes whenever child edits change, observed by list rows.
  func touchChildren() {
    let revision = cell(Self.internalPrefix + "children")
    revision.pending = .int((revision.pending?.intValue ?? 0) + 1)
  }

  /// Registers a read of the child-edit revision, so list rows update after a child commit.
  func observeChildren() { _ = cell(Self.internalPrefix + "children").pending }
}
