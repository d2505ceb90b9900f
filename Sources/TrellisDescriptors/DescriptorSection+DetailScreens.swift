import Trellis

/// The screens a descriptor's row discloses for its bound value, generated as a data
/// definition's are: a selection's list of choices, an object's form, a list's items (added,
/// deleted and moved), the objects an object selection chooses among.
extension DescriptorSection {
  /// The screen the row at `index` discloses, `nil` when it discloses none.
  func disclosedScreen(forElementAt index: Int, in screen: Screen) throws(ScreenError)
    -> Screen?
  {
    guard entries.indices.contains(index),
      let row = try? makeRow(entries[index], editing: isEditing), let binding = row.binding,
      let keyPath = entries[index].descriptor.value
    else { return nil }
    let detail: Screen?
    switch row.kind {
    case .selection, .objectSelection:
      detail = choices(of: row, binding: binding)
    case .object, .arrayOfObjects:
      detail = try generated(row, keyPath: keyPath, scope: entries[index].object, in: screen)
    default:
      return nil
    }
    detail?.model.theme = screen.model.theme
    return detail
  }

  /// The list of a selection's choices, each titled as the row titles it, chosen with a tap.
  private func choices(of row: Row, binding: RowBinding) -> Screen {
    let model = TableModel(title: row.text, style: .grouped)
    let choices = row.attributes.choices
    let titles =
      row.attributes.choiceTitles.count == choices.count
      ? row.attributes.choiceTitles : choices.map { $0.disclosedTitle ?? $0.displayText }
    model.addSection(
      SelectionSection(
        id: "choices", items: choices, titles: titles,
        allowsMultiple: row.attributes.allowsMultipleSelection,
        allowsNone: row.attributes.allowsNoSelection,
        read: { (try? binding.read()) ?? .null },
        write: { value in
          do {
            try binding.write(value)
            return nil
          } catch { return "\(error)" }
        }))
    return Screen(model: model)
  }

  /// The form of the object at `keyPath` of `scope`, or the list of the objects it holds, as
  /// a definition of the data generates it: its edits are written to the data as a form's
  /// Done writes them.
  private func generated(
    _ row: Row, keyPath: String, scope: any KeyValueCoding, in screen: Screen
  ) throws(ScreenError) -> Screen? {
    let parts = keyPath.split(separator: ".", omittingEmptySubsequences: false)
    let key = String(parts.last ?? "")
    let owner = scope.object(atKeyPath: parts.dropLast().joined(separator: "."))
    let current = (try? owner.value(forKey: key)) ?? .null
    let title = row.text ?? Humanizer.title(for: key)
    var definition = DataDefinition.document(.dictionary([key: current]), name: title)
    definition[key]?.title = title
    if row.kind == .arrayOfObjects, definition[key]?.type != .arrayOfObjects {
      throw .notApplicable("\(title) holds \(current.type.inWords), not a list of objects")
    }
    if row.kind == .object, definition[key]?.type != .object, current.objectValue == nil {
      throw .notApplicable("\(title) holds \(current.type.inWords), not an object")
    }
    definition[key]?.type = row.kind == .object ? .object : .arrayOfObjects
    guard let draft = Draft(for: owner as AnyObject, definition: definition, mode: .live) else {
      return nil
    }
    let section = ObjectSection(draft: draft, group: PropertyGroup(keys: [key]))
    return try section.detailScreen(forElementAt: 0, in: screen)
  }
}
