import Trellis

/// A row of a screen made from a descriptor, reached by its name, whose text and state the
/// app's code changes at run time.
///
/// RMSTableViews binds a cell with `bindVariable` so that its view controller can write
/// `self.saveButton.enabled = [self profileInformationIsValid]`; in Trellis:
///
/// ```swift
/// screen.boundRow(named: "saveButton")?.isEnabled = profile.isValid
/// ```
///
/// The name is RMSTableViews' `bindVariable` (else the row's key path or label), RCSTableKit's
/// row key or the canonical `id`. A row repeated over a list changes every copy. What code
/// sets stays, over the descriptor's, until ``restore()``.
public final class BoundRow {
  private weak var section: DescriptorSection?
  /// The row's name.
  public let name: String

  init(_ section: DescriptorSection, name: String) {
    self.section = section
    self.name = name
  }

  /// The row as it is drawn now (its first copy, for a row repeated over a list).
  private var current: Row? {
    guard let section,
      let entry = section.entries.first(where: { $0.descriptor.name == name })
    else { return nil }
    return try? section.makeRow(entry, editing: false)
  }

  private func change(_ body: (inout DescriptorSection.RowOverride) -> Void) {
    guard let section else { return }
    body(&section.rowOverrides[name, default: DescriptorSection.RowOverride()])
    section.setNeedsRefresh()
  }

  /// The main text; setting it replaces the descriptor's.
  public var text: String? {
    get { current?.text }
    set { change { $0.text = .some(newValue) } }
  }

  /// The detail text; setting it replaces the descriptor's.
  public var detailText: String? {
    get { current?.detailText }
    set { change { $0.detail = .some(newValue) } }
  }

  /// Whether the row reacts to the user; setting it replaces the descriptor's condition.
  public var isEnabled: Bool {
    get { current?.isEnabled ?? false }
    set { change { $0.isEnabled = newValue } }
  }

  /// What the descriptor says of the row that Trellis does not read itself (the canonical
  /// `userInfo`, other formats' keys of the app's own).
  public var userInfo: [String: Value] {
    section?.entries.first { $0.descriptor.name == name }?.descriptor.userInfo ?? [:]
  }

  /// The bound value, if the row has one.
  public var value: Value? { current?.value }

  /// Shows the descriptor's text, detail and state again.
  public func restore() {
    guard let section else { return }
    section.rowOverrides[name] = nil
    section.setNeedsRefresh()
  }
}
