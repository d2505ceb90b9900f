import Trellis

/// One entry of `PreferenceSpecifiers`, with what messages call it.
struct SettingsSpecifier: CustomStringConvertible {
  let node: DescriptorNode
  let index: Int
  let type: String

  /// `specifier 3 (PSMultiValueSpecifier 'Colour')`.
  var description: String {
    let title = node.raw("Title")?.stringValue ?? node.raw("Key")?.stringValue
    return "specifier \(index) (\(type)" + (title.map { " '\($0)'" } ?? "") + ")"
  }
}
