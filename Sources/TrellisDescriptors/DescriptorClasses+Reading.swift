import Foundation
import Trellis

extension DescriptorClasses {
  /// Reads a classes file (JSON or any property list format): `cells` and `sections`, each a
  /// dictionary from a class name to its registration, with located diagnostics.
  ///
  /// ```json
  /// {
  ///   "cells": {
  ///     "RMSHeightPickerCell": {"like": "RMSArrayPickerCell", "properties": {"choices": ":heights"}},
  ///     "RMSWordCell": {"kind": "custom", "template": "word"}
  ///   },
  ///   "sections": {
  ///     "RMSRedSection": {"like": "RMSFormSection",
  ///                       "rowProperties": {"backgroundColor": "rgba(255, 0, 0, 0.3)"}}
  ///   },
  ///   "actions": ["saveAction:", "pushWordViewController"]
  /// }
  /// ```
  ///
  /// A cell takes `like` (a library cell class), `kind` (a ``RowKind`` name), `template`,
  /// `properties` and, for a picker of several wheels, `components` (see the "Table
  /// Descriptors" article); a section takes `like` (a library section class), `properties` and
  /// `rowProperties`. A `custom` cell without a `template` is drawn by the template named after
  /// the class. `actions` lists the selectors the app registers in Swift
  /// (``DescriptorClasses/appActions``).
  ///
  /// - Returns: the registrations when there is no error, and every problem found.
  public static func read(data: Data, file: String? = nil)
    -> (classes: DescriptorClasses?, diagnostics: [Diagnostic])
  {
    let document: LocatedDocument
    do { document = try LocatedDocument(data: data, file: file) } catch {
      return (nil, [error])
    }
    let reading = DescriptorReading(document)
    let root = reading.root
    var classes = DescriptorClasses()
    if root.expectDictionary("a classes file") {
      root.checkKeys(["cells", "sections", "actions"], in: "a classes file")
      for (name, _) in root.stringList("actions") ?? [] { classes.appActions.insert(name) }
      let cellClasses =
        RCSTableKitReader.libraryCells.keys.sorted() + RMSTableViewsClasses.cells.map(\.name)
      for (name, node) in entries(root, "cells") {
        classes.cells[name] = registration(
          node, name: name, keys: ["like", "kind", "template", "properties", "components"],
          likes: cellClasses)
      }
      for (name, node) in entries(root, "sections") {
        classes.sections[name] = registration(
          node, name: name, keys: ["like", "properties", "rowProperties"],
          likes: RMSTableViewsClasses.sections.map(\.name))
      }
    }
    return (reading.hasErrors ? nil : classes, reading.diagnostics)
  }

  private static func entries(_ root: DescriptorNode, _ key: String)
    -> [(String, DescriptorNode)]
  {
    guard let group = root.dictionary(key) else { return [] }
    return (group.value.dictionaryValue?.keys ?? []).compactMap { name in
      group.child(name).map { (name, $0) }
    }
  }

  private static func registration(
    _ node: DescriptorNode, name: String, keys: [String], likes: [String]
  ) -> DescriptorClass? {
    guard node.expectDictionary("class '\(name)'") else { return nil }
    node.checkKeys(keys, in: "class '\(name)'")
    var registration = DescriptorClass()
    if let like = node.string("like") {
      if likes.contains(like) {
        registration.like = like
      } else {
        var message = "'\(like)' is not a library class"
        if let close = NameSuggestion.closest(to: like, among: likes) {
          message += " (did you mean '\(close)'?)"
        } else {
          message += "; expected one of " + likes.joined(separator: ", ")
        }
        node.reading.error(message, at: node.path("like"))
      }
    }
    registration.kind = node.choice("kind", RowKind.self)
    registration.template = node.string("template")
    if node.has("components") {
      registration.components = PickerComponent.read(node, "components", reading: node.reading)
    }
    if registration.kind == .custom, registration.template == nil {
      registration.template = name
    }
    for key in ["properties", "rowProperties"] {
      guard let values = node.dictionary(key)?.value.dictionaryValue else { continue }
      let dictionary = Dictionary(values.map { ($0.key, $0.value) }) { $1 }
      if key == "properties" {
        registration.properties = dictionary
      } else {
        registration.rowProperties = dictionary
      }
    }
    return registration
  }
}
