import Trellis

/// A descriptor's `singleObject`: the source whose one object its screen edits.
extension CanonicalDescriptorReader {
  /// The table keys that describe sections, which a single object's form does not have.
  static let sectionTableKeys = ["sections", "editable", "selection", "access"]

  /// The descriptor's single-object source; reports the table keys it does not take.
  func singleObject(_ root: DescriptorNode) -> SingleObjectSource? {
    for key in Self.sectionTableKeys where root.has(key) {
      reading.error(
        "a descriptor with 'singleObject' shows that object's form: it has no '\(key)'",
        at: root.path(key), onKey: true)
    }
    guard let node = root.dictionary("singleObject"),
      let source = listSource(node, in: "'singleObject'")
    else { return nil }
    return SingleObjectSource(
      source: source.source, location: root.location(of: "singleObject"),
      settingLocations: source.locations)
  }
}
