import Trellis

extension Screen {
  /// The shown section that a descriptor names `name` (RMSTableViews' `bindVariable`,
  /// RCSTableKit's section key, the canonical `id`); the first, for a section repeated over a
  /// list. `nil` when no such section is shown (RMSTableViews never builds a section whose
  /// `enabled` is false either).
  public func boundSection(named name: String) -> BoundSection? {
    for case let section as DescriptorSection in model.sections
    where section.sectionDescriptor.name == name {
      return BoundSection(section, name: name)
    }
    return nil
  }

  /// The row that a descriptor names `name`, in the first shown section that has one.
  public func boundRow(named name: String) -> BoundRow? {
    for case let section as DescriptorSection in model.sections
    where section.entries.contains(where: { $0.descriptor.name == name }) {
      return BoundRow(section, name: name)
    }
    return nil
  }
}
