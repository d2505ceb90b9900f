extension DataDefinition {
  /// Checks the definition before it makes any row: every property's type fits its value
  /// type, selections have items, nested lists have a definition, groups name existing
  /// properties, and custom bindings name existing keys.
  ///
  /// - Throws: Every problem, each naming the property.
  public func validate() throws(DiagnosticList) {
    var problems: [Diagnostic] = []
    let known = Array(Set(availableKeys + properties.filter { !$0.isCustom }.map(\.name))).sorted()
    let isTyped: Bool
    if case .object = kind { isTyped = true } else { isTyped = false }
    for property in properties {
      let label = property.isCustom ? "~" + property.name : property.name
      if let valueKind = property.valueKind, let reason = property.type?.mismatch(with: valueKind) {
        problems.append(Diagnostic("\(name).\(label): \(reason)"))
      }
      switch property.resolvedType {
      case .selection:
        let hasChoices: Bool
        if case .choice? = property.valueKind?.unwrapped {
          hasChoices = true
        } else {
          hasChoices = false
        }
        if property.attributes.items.isEmpty && !hasChoices {
          problems.append(Diagnostic("\(name).\(label): a selection needs items to choose from"))
        }
      case .objectSelection
      where property.attributes.itemsStore == nil && property.attributes.asyncItemsStore == nil:
        problems.append(
          Diagnostic("\(name).\(label): an object selection needs a store of items"))
      case .arrayOfObjects where property.attributes.nestedDefinition == nil:
        if !canDetectNested(property) {
          problems.append(
            Diagnostic("\(name).\(label): a list of objects needs the objects' definition"))
        }
      default: break
      }
      for binding in property.objectBindings where isTyped && !known.contains(binding.keyPath) {
        var message =
          "\(name).\(label): binding \(binding.tag) names unknown key '\(binding.keyPath)'"
        if let suggestion = NameSuggestion.closest(to: binding.keyPath, among: known) {
          message += " (did you mean '\(suggestion)'?)"
        }
        problems.append(Diagnostic(message))
      }
    }
    for group in groups {
      for member in group.keys where index(of: member) == nil {
        problems.append(
          Diagnostic("\(name): group '\(group.header ?? "")' names unknown property '\(member)'"))
      }
    }
    // A key path ("category.name") is checked by its first key: what it reaches inside is the
    // nested object's business.
    for title in titlePropertyNames + descriptionPropertyNames
    where isTyped && !known.contains(title)
      && !known.contains(String(title.prefix { $0 != "." }))
    {
      problems.append(Diagnostic("\(name): title or description names unknown property '\(title)'"))
    }
    if !problems.isEmpty { throw DiagnosticList(problems) }
  }

  /// Whether the nested definition of a list can be made from the element type's table.
  func canDetectNested(_ property: PropertyDefinition) -> Bool {
    nestedDefinition(for: property) != nil
  }

  /// The definition of the objects a property holds: the one set on it, or one made from the
  /// element class's property table.
  public func nestedDefinition(for property: PropertyDefinition) -> DataDefinition? {
    if let nested = property.attributes.nestedDefinition { return nested }
    var kind = property.valueKind?.unwrapped
    if case .array(let element)? = kind { kind = element.unwrapped }
    guard case .object(let info)? = kind,
      let type = info.type as? any (PropertyTableProviding & DefaultConstructible).Type
    else { return nil }
    return Self.automatic(type)
  }

  private static func automatic<T: PropertyTableProviding & DefaultConstructible>(_ type: T.Type)
    -> DataDefinition?
  {
    try? DataDefinition(for: T.self, make: { T() })
  }
}

/// A class that can be made empty, so that lists of it can add new items without a factory.
public protocol DefaultConstructible: AnyObject {
  /// Makes an empty instance.
  init()
}
