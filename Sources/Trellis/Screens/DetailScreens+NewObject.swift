extension DetailScreens {
  /// The form of a new object of `store`, made by `definition`: Done writes the values to it
  /// and inserts it (taking them off again when the store refuses it), then hands it to
  /// `inserted` (a selection chooses it); Cancel makes nothing.
  static func newObject(
    in store: any DataStore, definition: DataDefinition,
    inserted: @escaping (Value) throws(ScreenError) -> Void
  ) throws(ScreenError) -> Screen {
    let item: Value
    do { item = try store.create() } catch { throw .store(error) }
    guard let target = item.objectValue,
      let draft = Draft(for: target, definition: definition, mode: .deferred)
    else {
      throw .notApplicable("\(definition.name) cannot edit a new item")
    }
    let screen = try screen(for: draft, title: "New \(definition.name)")
    screen.commitWriter = { values throws(StoreError) in
      var undo = ValuesUndo()
      do throws(BindingError) { undo = try draft.object.setValues(values) } catch {
        throw .invalidItem(error.description)
      }
      do throws(StoreError) { try store.insert(item, at: nil) } catch {
        undo.run()
        throw error
      }
    }
    screen.afterCommit = { _ throws(ScreenError) in try inserted(item) }
    return screen
  }
}
