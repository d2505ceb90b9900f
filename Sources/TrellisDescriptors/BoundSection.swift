import Trellis

/// A section of a screen made from a descriptor, reached by its name, whose header and footer
/// the app's code changes at run time.
///
/// RMSTableViews binds a section with `bindVariable` so that its view controller can write
/// `self.accountSection.footerTitle = @"Passwords don't match"`; in Trellis:
///
/// ```swift
/// let screen = try descriptor.makeScreen(root: data)
/// screen.boundSection(named: "accountSection")?.footer = "Passwords don't match"
/// ```
///
/// The name is RMSTableViews' `bindVariable`, RCSTableKit's section key or the canonical `id`.
/// What code sets stays, over the descriptor's, until ``restoreTitles()``.
public final class BoundSection {
  private weak var section: DescriptorSection?
  /// The section's name.
  public let name: String

  init(_ section: DescriptorSection, name: String) {
    self.section = section
    self.name = name
  }

  /// What the descriptor says of the section that Trellis does not read itself (the
  /// canonical `userInfo`, other formats' keys of the app's own).
  public var userInfo: [String: Value] { section?.sectionDescriptor.userInfo ?? [:] }

  /// The header shown; setting it replaces the descriptor's (`nil` hides it).
  public var header: String? {
    get { section?.headerTitle }
    set {
      section?.headerOverride = .some(newValue)
      section?.headerTitle = newValue
    }
  }

  /// The footer shown; setting it replaces the descriptor's (`nil` hides it).
  public var footer: String? {
    get { section?.footerTitle }
    set {
      section?.footerOverride = .some(newValue)
      section?.footerTitle = newValue
    }
  }

  /// Shows the descriptor's header and footer again.
  public func restoreTitles() {
    guard let section else { return }
    section.headerOverride = nil
    section.footerOverride = nil
    let binder = section.binder
    let descriptor = section.sectionDescriptor
    section.headerTitle = (try? binder.text(descriptor.header, section.object)) ?? nil
    section.footerTitle = (try? binder.text(descriptor.footer, section.object)) ?? nil
  }

  /// The names of its rows, in order (a row repeated over a list once).
  public var rowNames: [String] {
    var seen: Set<String> = []
    return (section?.entries ?? []).compactMap(\.descriptor.name).filter {
      seen.insert($0).inserted
    }
  }

  /// The row called `name` in this section.
  public func row(named name: String) -> BoundRow? {
    guard let section, section.entries.contains(where: { $0.descriptor.name == name }) else {
      return nil
    }
    return BoundRow(section, name: name)
  }
}
