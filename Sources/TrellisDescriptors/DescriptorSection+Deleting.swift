import Trellis

extension DescriptorSection {
  /// Where `object` is in the data when it is an element of a list: the object holding the
  /// list, the list's key path and the element's index.
  static func listElement(of object: any KeyValueCoding)
    -> (base: any KeyValueCoding, list: String, index: Int)?
  {
    guard let view = object as? KeyPathObject else { return nil }
    var parts = view.path.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
    guard parts.count > 1, let last = parts.popLast(), let index = Int(last), index >= 0 else {
      return nil
    }
    return (view.base, parts.joined(separator: "."), index)
  }

  /// Removes the element `element` names from its list in the data; why not, when it cannot
  /// (the element is no longer there, the list cannot be written).
  static func removeListElement(_ element: (base: any KeyValueCoding, list: String, index: Int))
    -> String?
  {
    guard case .array(var items)? = try? element.base.value(forKeyPath: element.list),
      items.indices.contains(element.index)
    else { return "the row's object is no longer in its list" }
    items.remove(at: element.index)
    do { try element.base.setValue(.array(items), forKeyPath: element.list) } catch {
      return "cannot delete from '\(element.list)': \(error)"
    }
    return nil
  }

  /// The section and entry of the row an action runs for.
  static func entry(of context: RowContext) -> (section: DescriptorSection, entry: Entry)? {
    guard
      let section = context.screen?.model.sections.first(where: { $0.id == context.sectionID })
        as? DescriptorSection,
      let entry = section.entries.first(where: { $0.id == context.rowID })
    else { return nil }
    return (section, entry)
  }

  /// Deletes the object of the row `id` from the list that holds it (the built-in `delete`):
  /// the row leaves the table, and the rows of the elements after it follow them to their new
  /// places.
  func deleteObject(ofRow id: RowID) throws(ScreenError) {
    guard let position = entries.firstIndex(where: { $0.id == id }),
      let element = Self.listElement(of: entries[position].object)
    else { throw .notApplicable("'delete' deletes an element of a list, and this row's is not") }
    // The rows move before the data is written: a section that follows its list takes the
    // list again when the data changes. A refusal puts them back.
    let before = entries
    entries.remove(at: position)
    let prefix = element.list + "."
    entries = entries.map { entry in
      // An element after the deleted one moves up by one: so does the key path of its rows.
      guard let view = entry.object as? KeyPathObject, view.base === element.base,
        view.path.hasPrefix(prefix)
      else { return entry }
      let rest = view.path.dropFirst(prefix.count)
      let index = rest.prefix { $0 != "." }
      guard let number = Int(index), number > element.index else { return entry }
      let path = prefix + String(number - 1) + rest.dropFirst(index.count)
      return Entry(
        descriptor: entry.descriptor, object: KeyPathObject(view.base, path: path), id: entry.id)
    }
    if let reason = Self.removeListElement(element) {
      entries = before
      throw .notApplicable(reason)
    }
    setNeedsRefresh()
  }
}
