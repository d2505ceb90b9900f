import Trellis

extension DescriptorBinder {
  /// The list of a section's source: an ``ArrayOfObjectsSection`` over the store the library
  /// opens for it, its rows titled, paged, searched and added to as the section says.
  ///
  /// - Throws: every problem, located: a source that cannot be opened, and title, detail or
  ///   search keys the items do not have.
  func listSection(
    _ section: SectionDescriptor, source: SectionSource, id: String, header: String?,
    footer: String?
  ) throws(DiagnosticList) -> ArrayOfObjectsSection {
    let opened = try library.open(source, file: descriptor.file)
    var definition = opened.definition
    let known = definition.availableKeys
    var problems: [Diagnostic] = []
    for (key, names) in [
      ("title", source.titleKeys), ("detail", source.detailKeys), ("search", source.searchKeys),
    ] {
      for name in names where !known.contains(name) {
        problems.append(
          error(
            Self.missingKey(name, in: key, known: known),
            source.keyLocations[key] ?? source.location))
      }
    }
    for (name, field) in source.fields.sorted(by: { $0.key < $1.key }) {
      guard let property = definition[name] else {
        problems.append(
          error(
            Self.missingKey(name, in: "fields", known: known), field.location ?? source.location))
        continue
      }
      definition[name] = field.applied(to: property)
    }
    guard problems.isEmpty else { throw DiagnosticList(problems) }
    if !source.titleKeys.isEmpty { definition.titlePropertyNames = source.titleKeys }
    if !source.detailKeys.isEmpty { definition.descriptionPropertyNames = source.detailKeys }
    let list: ArrayOfObjectsSection
    switch opened {
    case .store(let store, _):
      list = ArrayOfObjectsSection(
        id: id, header: header, footer: footer, store: store, definition: definition)
    case .asyncStore(let store, _):
      list = ArrayOfObjectsSection(
        id: id, header: header, footer: footer, store: store, definition: definition)
    }
    list.fetchOptions.batchSize = source.batchSize
    list.placeholderText = source.placeholder
    list.addItemText = source.addItem
    list.searchPropertyNames = source.searchKeys
    // Deleting and moving are editing, which the descriptor's `editable` allows unless the
    // section says otherwise.
    list.allowsAdding = source.allowsAdding
    list.allowsDeleting = source.allowsDeleting ?? descriptor.isEditable
    list.allowsMoving = source.allowsMoving ?? descriptor.isEditable
    list.allowsEditingDetails = source.allowsEditingDetails
    list.themeStyle = section.themeStyle
    if case .count(let count)? = section.header {
      // A header that says how many items the list's source holds follows it.
      do {
        ListCountHeader.install(count, counter: try counter(for: count), on: list)
      } catch { throw DiagnosticList([error]) }
    }
    return list
  }

  /// Why `setting` may not name `name`: the items have no such key. The closest key they have
  /// is suggested, or, when none is close, every key they have is listed.
  static func missingKey(_ name: String, in setting: String, known: [String]) -> String {
    let message = "'\(setting)' names '\(name)', which the items do not have"
    if let close = NameSuggestion.closest(to: name, among: known) {
      return message + " (did you mean '\(close)'?)"
    }
    return message + "; their keys are " + known.joined(separator: ", ")
  }
}
