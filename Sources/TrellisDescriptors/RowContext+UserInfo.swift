import Trellis

extension RowContext {
  /// What the descriptor says of the row that Trellis does not read itself: the canonical
  /// `userInfo`, and the keys of the app's own in the other formats; empty for a row no
  /// descriptor made.
  ///
  /// ```swift
  /// library.actions["callSupport"] = { context in
  ///   let number = context.userInfo["phone"]?.stringValue
  /// }
  /// ```
  public var userInfo: [String: Value] {
    DescriptorSection.entry(of: self)?.entry.descriptor.userInfo ?? [:]
  }

  /// What the descriptor says of the row's section that Trellis does not read itself.
  public var sectionUserInfo: [String: Value] {
    guard
      let section = screen?.model.sections.first(where: { $0.id == sectionID })
        as? DescriptorSection
    else { return [:] }
    return section.sectionDescriptor.userInfo
  }
}
