import Trellis

/// Reads RMSTableViews' form descriptors, unchanged, as RMSFormViewController reads them: a
/// list of sections, each with an optional section `className`, `bindVariable`, `enabled`,
/// `properties` and `rows`, each row a cell `className` with the same keys.
///
/// Every property is set on the cell or section by key path in the library; Trellis maps the
/// properties each library class reads (see ``RMSTableViewsClasses``) and reports the others.
/// A string value that starts with a colon is a substitution, resolved when binding. App
/// classes are registered in ``DescriptorClasses``; an unregistered one is a warning.
struct RMSTableViewsReader {
  let reading: DescriptorReading
  let classes: DescriptorClasses

  static let sectionKeys = ["className", "bindVariable", "enabled", "properties", "rows"]
  static let rowKeys = ["className", "bindVariable", "enabled", "properties"]

  /// A section's class: the library class it is drawn as, and the app's registration.
  struct SectionClass {
    let name: String
    let base: RMSSectionClass
    let registration: DescriptorClass?
    let isAppClass: Bool
  }

  func read() -> TableDescriptor? {
    let root = reading.root
    guard root.value.arrayValue != nil else {
      reading.error(
        "an RMSTableViews descriptor must be a list of sections, not "
          + DescriptorNode.describe(root.value), at: root.path)
      return nil
    }
    var descriptor = TableDescriptor(
      format: .rmsTableViews, file: reading.document.file, location: root.location)
    descriptor.navigationBar = NavigationBarType.none
    let sections = (root.value.arrayValue ?? []).enumerated().map { index, value in
      DescriptorNode(reading: reading, path: String(index), value: value)
    }
    descriptor.sections = sections.compactMap(section)
    return descriptor
  }

  private func section(_ node: DescriptorNode) -> SectionDescriptor? {
    guard node.expectDictionary("a section") else { return nil }
    node.checkKeys(Self.sectionKeys, in: "a section", othersAreIgnored: true)
    guard let sectionClass = sectionClass(node) else { return nil }
    var section = SectionDescriptor(name: node.string("bindVariable"), location: node.location)
    section.userInfo = node.appKeys(Self.sectionKeys)
    section.visible = RMSProperties(
      reading: reading, node: node, defaults: [:], fallbackPath: node.path
    ).condition("enabled")
    let properties = RMSProperties(
      reading: reading, node: node.dictionary("properties"),
      defaults: sectionClass.registration?.properties ?? [:],
      fallbackPath: node.has("className") ? node.path("className") : node.path)
    checkProperties(
      properties, allowed: sectionClass.base.properties, className: sectionClass.name,
      drawnAs: sectionClass.isAppClass ? sectionClass.base.name : nil)
    if sectionClass.isAppClass {
      let known = sectionClass.base.properties.union(RMSTableViewsClasses.trellisExtensions)
      for key in properties.keys where !known.contains(key) {
        section.userInfo[key] = properties.raw(key)
      }
    }
    section.header = properties.text("headerTitle")
    section.footer = properties.text("footerTitle")
    let rowDefaults = sectionClass.registration?.rowProperties ?? [:]
    if sectionClass.base.isDynamic {
      if node.has("rows") {
        reading.warning(
          "\(sectionClass.name) makes its rows from 'representedObjects'; 'rows' is ignored",
          at: node.path("rows"))
      }
      section.rows = dynamicRow(properties, rowDefaults: rowDefaults, in: node).map { [$0] } ?? []
    } else if let rows = node.list("rows") {
      section.rows = rows.compactMap { row($0, rowDefaults: rowDefaults) }
    }
    return section
  }

  /// The class of a section: `RMSFormSection` when it names none.
  private func sectionClass(_ node: DescriptorNode) -> SectionClass? {
    let form = RMSTableViewsClasses.section("RMSFormSection")!
    guard node.has("className") else {
      return SectionClass(name: form.name, base: form, registration: nil, isAppClass: false)
    }
    guard let name = node.string("className") else { return nil }
    if let registration = classes.sections[name] {
      let base = registration.like.flatMap(RMSTableViewsClasses.section) ?? form
      return SectionClass(name: name, base: base, registration: registration, isAppClass: true)
    }
    if let base = RMSTableViewsClasses.section(name) {
      if let caveat = base.caveat {
        reading.warning(caveat, at: node.path("className"), onKey: false)
      }
      return SectionClass(name: name, base: base, registration: nil, isAppClass: false)
    }
    let known = RMSTableViewsClasses.sections.map(\.name) + classes.sections.keys.sorted()
    if let close = RMSTableViewsClasses.misspelt(name, among: known) {
      reading.error(
        "unknown class name '\(name)' (did you mean '\(close)'?)", at: node.path("className"))
      return nil
    }
    reading.warning(
      "unregistered section class '\(name)' is drawn as an RMSFormSection; register it in "
        + "Swift (DescriptorClasses.sections) or in a classes file: "
        + #"{"sections": {""# + name + #"": {"like": "RMSFormSection"}}}"#,
      at: node.path("className"), onKey: false)
    return SectionClass(name: name, base: form, registration: nil, isAppClass: true)
  }

  /// The one row of an RMSDynamicSection, repeated for each of its `representedObjects`.
  private func dynamicRow(
    _ properties: RMSProperties, rowDefaults: [String: Value], in node: DescriptorNode
  ) -> RowDescriptor? {
    var row = RowDescriptor(name: "element", kind: .plain, location: node.location)
    row.text = .keyPath("SELF", at: nil)
    if let identifier = properties.literal("cellIdentifier") {
      if let registration = classes.cells[identifier] {
        row.kind =
          registration.kind ?? (registration.template != nil ? .custom : nil)
          ?? registration.like.flatMap(RMSTableViewsClasses.cell)?.kind ?? .plain
        row.template = registration.template
      } else if let library = RMSTableViewsClasses.cell(identifier) {
        row.kind = library.kind == .button || library.kind == .link ? .plain : library.kind
      } else {
        reading.warning(
          "cell identifier '\(identifier)' names no registered cell class: each element is "
            + "shown as text; register it in Swift (DescriptorClasses.cells) or in a classes "
            + #"file: {"cells": {""# + identifier + #"": {"kind": "custom", "template": ""#
            + identifier + #""}}}"#, at: properties.path("cellIdentifier"), onKey: false)
      }
    }
    if case .custom = row.kind, row.template == nil { row.kind = .plain }
    guard let list = properties.object("representedObjects") else {
      reading.error(
        "missing required key 'representedObjects' in RMSDynamicSection",
        at: node.has("properties") ? node.path("properties") : node.path)
      return nil
    }
    row.list = list
    row.backgroundColor = RMSProperties(
      reading: reading, node: nil, defaults: rowDefaults, fallbackPath: node.path
    ).color("backgroundColor")
    return row
  }

  /// Reports the properties a class does not read: an error for a library class (setting it
  /// would raise), a warning for an app class drawn as `drawnAs` (it may read it itself).
  func checkProperties(
    _ properties: RMSProperties, allowed: Set<String>, className: String, drawnAs: String?,
    handled: Set<String> = []
  ) {
    let all = allowed.union(RMSTableViewsClasses.trellisExtensions)
    for key in properties.keys where !all.contains(key) && !handled.contains(key) {
      if let drawnAs {
        reading.warning(
          "'\(key)' is not a property of \(drawnAs), which \(className) is drawn as; it is "
            + "left to the app, in its userInfo",
          at: properties.path(key))
        continue
      }
      var message = "\(className) has no property '\(key)'"
      if let close = NameSuggestion.closest(to: key, among: all.sorted()) {
        message += " (did you mean '\(close)'?)"
      }
      reading.error(message, at: properties.path(key), onKey: true)
    }
  }
}
