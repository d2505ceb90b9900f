extension DetailScreens {
  /// The New Key screen of a form over a document's dictionary: the key's name and the kind
  /// of value it starts with. Done checks the name (not empty, not a key the dictionary has)
  /// and adds the key to `form`, which shows it as a row: at once on a live form, with Done
  /// on a deferred one, whose Cancel drops it again. Cancel here adds nothing.
  static func newKey(in form: Draft) -> Screen? {
    let kinds = form.definition.addableKeyKinds
    guard let first = kinds.first else { return nil }
    var key = PropertyDefinition(name: "key", title: "Key", valueKind: .string)
    key.isRequired = true
    key.attributes = .textField(placeholder: "Name", autocapitalization: .none)
    // The rule runs as the key is entered and at Done, on the domain of the form's screens,
    // where its draft lives.
    nonisolated(unsafe) weak let owner = form
    key.actions.valueIsValid = { value, _ in
      owner?.problemAddingKey(value.stringValue ?? value.displayText)
    }
    var kind = PropertyDefinition(name: "kind", title: "Kind", type: .segmented)
    kind.attributes.items = kinds.map { .string($0.rawValue) }
    kind.attributes.segmentTitles = kinds.map(\.title)
    let definition = DataDefinition(kind: .dictionary, name: "Key", properties: [key, kind])
    let entry = DocumentObject(["key": "", "kind": .string(first.rawValue)])
    guard let draft = Draft(for: entry, definition: definition, mode: .deferred) else {
      return nil
    }
    let model = TableModel(title: "New Key")
    model.addSection(ObjectSection(draft: draft, group: definition.groups[0]))
    let screen = Screen(model: model, navigationBar: .doneRightCancelLeft, draft: draft)
    screen.afterCommit = { [weak form] _ throws(ScreenError) in
      guard let form else { throw .notApplicable("the form is gone") }
      let name = (try? entry.value(forKey: "key"))?.stringValue ?? ""
      let chosen = (try? entry.value(forKey: "kind"))?.stringValue
      try form.addKey(name, chosen.flatMap(NewKeyKind.init(rawValue:)) ?? first)
    }
    return screen
  }
}
