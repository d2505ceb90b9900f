import Trellis

/// A row's look, as its descriptor gives it over its theme's.
extension DescriptorSection {
  /// The row's own colours, alignment, secure entry and placeholder.
  func applyAppearance(_ d: RowDescriptor, _ scope: any KeyValueCoding, to row: inout Row)
    throws(Diagnostic)
  {
    row.attributes.backgroundColor = try binder.color(d.backgroundColor, scope, "backgroundColor")
    row.attributes.textColor = try binder.color(d.textColor, scope, "textColor")
    row.attributes.detailTextColor = try binder.color(d.detailTextColor, scope, "detailTextColor")
    row.attributes.textAlignment = d.textAlignment
    row.attributes.isSecure = try binder.holds(d.secure, scope, fallback: d.isSecure)
    if d.placeholderText != nil {
      row.attributes.placeholder = try binder.text(d.placeholderText, scope)
    } else {
      row.attributes.placeholder = d.placeholder
    }
  }
}
