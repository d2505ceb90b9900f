import Trellis

/// App-defined cell and section classes that descriptors name, registered by name so that
/// Trellis knows what they draw.
///
/// RMSTableViews descriptors name a `className` for every row and section, and RCSTableKit
/// definitions may name a `cell` or `cellNib`. The libraries' own classes are known; an app's
/// own (a demo's `RMSHeightPickerCell` or `RMSRedSection`) is registered here, in Swift or in a
/// mapping file (`trellis render --classes FILE`, read by ``read(data:file:)``):
///
/// ```swift
/// var classes = DescriptorClasses()
/// classes.cells["RMSHeightPickerCell"] = DescriptorClass(
///   like: "RMSArrayPickerCell", properties: ["choices": ":heights"])
/// classes.sections["RMSRedSection"] = DescriptorClass(
///   rowProperties: ["backgroundColor": "rgba(255, 0, 0, 0.3)"])
/// let descriptor = try TableDescriptor(data: data, file: "Profile.plist", classes: classes)
/// ```
///
/// A class that is neither the library's nor registered is a warning: its row is drawn as the
/// library class closest to its properties, and its section as a plain form section.
public struct DescriptorClasses: Hashable, Sendable {
  /// Cell classes by name.
  public var cells: [String: DescriptorClass]
  /// Section classes by name.
  public var sections: [String: DescriptorClass]
  /// The selectors of actions the app registers in Swift (``DescriptorLibrary/actions``),
  /// named for a program that checks or shows descriptors without the app: validation takes
  /// them as registered, and their rows, which only the app can run, are shown disabled,
  /// saying so.
  public var appActions: Set<String>

  /// Creates a registry.
  public init(
    cells: [String: DescriptorClass] = [:], sections: [String: DescriptorClass] = [:],
    appActions: Set<String> = []
  ) {
    self.cells = cells
    self.sections = sections
    self.appActions = appActions
  }

  /// Whether nothing is registered.
  public var isEmpty: Bool { cells.isEmpty && sections.isEmpty && appActions.isEmpty }

  /// These registrations and `other`'s; `other` wins where both name a class.
  public func merging(_ other: DescriptorClasses) -> DescriptorClasses {
    DescriptorClasses(
      cells: cells.merging(other.cells) { $1 }, sections: sections.merging(other.sections) { $1 },
      appActions: appActions.union(other.appActions))
  }
}

/// What an app-defined class draws: the library class it behaves like, or a row kind, and the
/// properties it sets itself.
public struct DescriptorClass: Hashable, Sendable {
  /// The library class it behaves like: one of RMSTableViews' cell or section classes
  /// (`RMSArrayPickerCell`, `RMSFormSection`), or RCSTableKit's `RCSTableViewCell` or
  /// `RCSEditStringCell`.
  public var like: String?
  /// The row kind, instead of the one ``like`` gives.
  public var kind: RowKind?
  /// The template that draws a `custom` row.
  public var template: String?
  /// Properties the class sets itself (RMSTableViews' `choices`, say): a descriptor's own
  /// properties win over them.
  public var properties: [String: Value]
  /// For a picker class, the wheels it chooses its value with (feet and inches), each a list
  /// of its own: hosts draw one control per wheel.
  public var components: [PickerComponent]
  /// For a section class, properties it sets on each of its rows (RMSRedSection's
  /// `backgroundColor`); the rows' own win over them.
  public var rowProperties: [String: Value]

  /// Creates a registration.
  public init(
    like: String? = nil, kind: RowKind? = nil, template: String? = nil,
    properties: [String: Value] = [:], rowProperties: [String: Value] = [:],
    components: [PickerComponent] = []
  ) {
    self.components = components
    self.like = like
    self.kind = kind
    self.template = template
    self.properties = properties
    self.rowProperties = rowProperties
  }
}
