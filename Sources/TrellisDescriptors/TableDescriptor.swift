import Trellis

/// A table written as data: the screen, its sections and its rows, bound by key path.
///
/// A descriptor is read from a document (JSON, or an XML, binary or OpenStep property list) in
/// one of three formats (see ``DescriptorFormat``): Trellis's canonical, versioned schema, or
/// the RCSTableKit and RMSTableViews formats unchanged. Every reader gives the same value, which
/// ``makeScreen(root:library:)`` turns into a ``Screen`` that any host renders, bound both ways.
///
/// ```swift
/// let descriptor = try TableDescriptor(data: data, file: "Profile.json")
/// let screen = try descriptor.makeScreen(root: DocumentObject(profileData))
/// ```
///
/// Descriptors name bindings by key path, never by class or selector. The object a key path
/// starts from is the row's object, else the section's, else the root object; see
/// ``DescriptorObject`` for explicit substitutions (`:self`, `:name`).
public struct TableDescriptor: Hashable, Sendable {
  /// The version of the canonical schema this build reads and writes.
  public static let currentSchemaVersion = 1

  /// The schema version the descriptor was written for.
  public var schemaVersion: Int
  /// The format it was read from.
  public var format: DescriptorFormat
  /// The file named in diagnostics, if any.
  public var file: String?
  /// The screen title.
  public var title: DescriptorText?
  /// Grouped or plain.
  public var style: TableStyle
  /// The navigation bar's buttons; `nil` chooses Edit on the right for editable screens.
  public var navigationBar: NavigationBarType?
  /// Whether the screen has an Edit button and rows show their editing controls.
  public var isEditable: Bool
  /// Which rows may be selected, and when.
  public var selection: DescriptorSelectionOptions
  /// A named theme style for the table.
  public var themeStyle: String?
  /// The view controller class the descriptor names (RCSTableKit's `controller`): the object
  /// whose methods its `:sel` keys call. Trellis keeps the name; the app registers those
  /// methods as actions and functions in a ``DescriptorLibrary``.
  public var controller: String?
  /// The sections, in order; none when the screen is a ``singleObject``'s form.
  public var sections: [SectionDescriptor]
  /// The source whose one object the screen edits as a form, instead of sections (the
  /// canonical `singleObject`): its first object, or a new one that the first Done inserts.
  public var singleObject: SingleObjectSource?
  /// Who may do what with the items the sections list (`access`), enforced for each person
  /// who signed in; everyone may do everything when `nil`.
  public var access: AccessPolicy?
  /// What the descriptor says of the table that Trellis does not read itself, for the app's
  /// code (the canonical `userInfo`, other formats' keys of the app's own).
  public var userInfo: [String: Value] = [:]
  /// Where the descriptor starts.
  public var location: SourceLocation?

  /// Creates a descriptor.
  public init(
    schemaVersion: Int = TableDescriptor.currentSchemaVersion,
    format: DescriptorFormat = .canonical,
    file: String? = nil, title: DescriptorText? = nil, style: TableStyle = .grouped,
    navigationBar: NavigationBarType? = nil, isEditable: Bool = false,
    selection: DescriptorSelectionOptions = DescriptorSelectionOptions(), themeStyle: String? = nil,
    sections: [SectionDescriptor] = [], location: SourceLocation? = nil
  ) {
    self.schemaVersion = schemaVersion
    self.format = format
    self.file = file
    self.title = title
    self.style = style
    self.navigationBar = navigationBar
    self.isEditable = isEditable
    self.selection = selection
    self.themeStyle = themeStyle
    self.sections = sections
    self.location = location
  }

  /// The names of every action of the app's that a row runs, once each, in order; built-in
  /// actions (``BuiltInAction``) are not among them.
  public var actionNames: [String] {
    var seen: Set<String> = []
    return sections.flatMap(\.rows).flatMap { row in
      row.actions.compactMap { action -> String? in
        if case .named(let name, _)? = action { return name }
        return nil
      }
    }.filter { seen.insert($0).inserted }
  }

  /// The names of every function a text calls, once each, in order.
  public var functionNames: [String] {
    var seen: Set<String> = []
    let texts: [DescriptorText?] =
      [title]
      + sections.flatMap { section in
        [section.header, section.footer]
          + section.rows.flatMap { row in
            [
              row.text, row.detail, row.image, row.cellStyle, row.accessory, row.editingAccessory,
              row.backgroundColor, row.textColor, row.detailTextColor, row.placeholderText,
              row.cellClass, row.urlText,
            ]
          }
      }
    return texts.compactMap { text -> String? in
      if case .function(let name, _)? = text { return name }
      return nil
    }.filter { seen.insert($0).inserted }
  }

  /// The names of every descriptor a row pushes, once each, in order.
  public var pushedDescriptorNames: [String] {
    var seen: Set<String> = []
    return sections.flatMap(\.rows).flatMap(\.pushes).map(\.name).filter {
      seen.insert($0).inserted
    }
  }
}

/// The selection options of a table (UITableView's `allowsSelection` and friends).
public struct DescriptorSelectionOptions: Hashable, Sendable {
  /// Whether rows can be selected outside edit mode.
  public var allowsSelection = true
  /// Whether rows can be selected in edit mode.
  public var allowsSelectionDuringEditing = false
  /// Whether several rows can be selected at once.
  public var allowsMultipleSelection = false
  /// Whether several rows can be selected at once in edit mode.
  public var allowsMultipleSelectionDuringEditing = false

  /// Creates options; by default rows are selectable outside edit mode, one at a time.
  public init() {}
}

/// One section of a descriptor.
public struct SectionDescriptor: Hashable, Sendable {
  /// The section's name (RCSTableKit's key, or the canonical `id`); used for identity.
  public var name: String?
  /// The header title.
  public var header: DescriptorText?
  /// The footer title.
  public var footer: DescriptorText?
  /// A list: the section is repeated once per element, each element its object.
  public var list: DescriptorObject?
  /// The object the section's rows bind to.
  public var object: DescriptorObject?
  /// Shown only while this holds.
  public var visible: DescriptorCondition?
  /// A named theme style (whose odd/even row styles apply to its rows).
  public var themeStyle: String?
  /// The rows, in order; none when the section lists a ``source``.
  public var rows: [RowDescriptor]
  /// Where the section's items come from, when it lists a source's items instead of rows.
  public var source: SectionSource?
  /// InAppSettingsKit's list group, when the section lists the items stored under a
  /// settings key instead of its rows.
  package var settingsList: SettingsListGroup?
  /// What the descriptor says of the section that Trellis does not read itself, for the
  /// app's code: see ``BoundSection/userInfo`` and ``Trellis/RowContext/sectionUserInfo``.
  public var userInfo: [String: Value] = [:]
  /// Where the section is written.
  public var location: SourceLocation?

  /// Creates a section.
  public init(
    name: String? = nil, header: DescriptorText? = nil, footer: DescriptorText? = nil,
    list: DescriptorObject? = nil, object: DescriptorObject? = nil,
    visible: DescriptorCondition? = nil, themeStyle: String? = nil, rows: [RowDescriptor] = [],
    source: SectionSource? = nil, location: SourceLocation? = nil
  ) {
    self.name = name
    self.header = header
    self.footer = footer
    self.list = list
    self.object = object
    self.visible = visible
    self.themeStyle = themeStyle
    self.rows = rows
    self.source = source
    self.location = location
  }
}
