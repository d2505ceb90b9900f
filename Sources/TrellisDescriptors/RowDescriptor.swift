import Trellis

/// One row of a descriptor: what it shows, what it binds, and what selecting it does.
public struct RowDescriptor: Hashable, Sendable {
  /// The row's name (RCSTableKit's key, or the canonical `id`); used for identity.
  public var name: String?
  /// The row's kind.
  public var kind: RowKind
  /// The main text.
  public var text: DescriptorText?
  /// The secondary text.
  public var detail: DescriptorText?
  /// The image name.
  public var image: DescriptorText?
  /// The layout of text and detail: `default`, `value1`, `value2` or `subtitle`.
  public var cellStyle: DescriptorText?
  /// The object the row binds to.
  public var object: DescriptorObject?
  /// A list: the row is repeated once per element, each element its object.
  public var list: DescriptorObject?
  /// The key path of the bound value, from the row's object.
  public var value: String?
  /// Where ``value`` is written.
  public var valueLocation: SourceLocation?
  /// The items a selection chooses among.
  public var choices: DescriptorChoices?
  /// Titles for literal choices, when they differ from the values' text.
  public var choiceTitles: [String] = []
  /// Shorter titles for the chosen item, shown beside the row's text when there is little room
  /// (a Settings bundle's `ShortTitles`); the selection list shows ``choiceTitles``.
  public var shortChoiceTitles: [String] = []
  /// Whether the selection list lets the choice be emptied, by tapping the chosen item again
  /// (the canonical `allowsNoChoice`); tapping it keeps it otherwise, as Sensible TableView's
  /// `allowNoSelection` does by default.
  public var allowsNoChoice = false
  /// The value that selecting this row writes to ``value``: one item of a group of rows that
  /// choose, each with a checkmark while the bound value is its own (a radio group).
  public var chooses: Value?
  /// Whether a switch is drawn as a checkmark that a tap turns on and off, instead of a
  /// switch (InAppSettingsKit's `IASKToggleStyle` `Checkmark`): the row is plain, with a
  /// checkmark while its Boolean value is on.
  public var isCheckmarkToggle = false
  /// The smallest number a slider or numeric field takes.
  public var minimum: Double?
  /// The largest number a slider or numeric field takes.
  public var maximum: Double?
  /// How a text field capitalises what is typed; the host's default when `nil`.
  public var autocapitalization: RowAttributes.Autocapitalization?
  /// The keyboard a text field asks for; the host's default when `nil`.
  public var keyboard: RowAttributes.Keyboard?
  /// Whether a text field corrects what is typed; the system's choice when `nil`.
  public var autocorrects: Bool?
  /// The template that draws a custom row.
  public var template: String?
  /// Whether the row reacts to the user.
  public var enabled: DescriptorCondition?
  /// Whether the row is shown.
  public var visible: DescriptorCondition?
  /// The accessory outside edit mode (an ``Accessory`` name).
  public var accessory: DescriptorText?
  /// The accessory in edit mode.
  public var editingAccessory: DescriptorText?
  /// The editing control in edit mode.
  public var editingStyle: EditingStyle?
  /// A fixed height in points.
  public var height: Double?
  /// A named theme style, applied over the row kind's style.
  public var themeStyle: String?
  /// What selecting the row does outside edit mode.
  public var action: DescriptorAction?
  /// What selecting the row does in edit mode; `nil` uses ``action`` when the table is not
  /// editable, and nothing otherwise.
  public var editingAction: DescriptorAction?
  /// What tapping the accessory button does (outside and in edit mode).
  public var accessoryAction: DescriptorAction?
  /// What tapping the accessory button does in edit mode.
  public var editingAccessoryAction: DescriptorAction?
  /// What tapping the editing control does.
  public var editingStyleAction: DescriptorAction?
  /// Whether a text field hides what is typed.
  public var isSecure: Bool
  /// Whether a text field hides what is typed, when it depends on the data (an RMSTableViews
  /// `secureTextEntry` substitution); it wins over ``isSecure``.
  public var secure: DescriptorCondition?
  /// Grey text in an empty text field.
  public var placeholder: String?
  /// The placeholder, when it is read from the data (RCSEditStringCell's `placeholder` key
  /// path, an RMSTableViews substitution); it wins over ``placeholder``.
  public var placeholderText: DescriptorText?
  /// The row's own background colour, over its theme's: a colour name, `#RRGGBB` or
  /// `rgba(...)`, written or read from the data (RCSTableKit's `backgroundColor` key path).
  public var backgroundColor: DescriptorText?
  /// The colour of the row's text, over its theme's.
  public var textColor: DescriptorText?
  /// The colour of the row's detail text, over its theme's.
  public var detailTextColor: DescriptorText?
  /// How the row's text is aligned, over its theme's.
  public var textAlignment: RowAttributes.TextAlignment?
  /// The address a link row opens.
  public var url: String?
  /// The address, when it is read from the data (an RMSTableViews substitution); it wins over
  /// ``url``.
  public var urlText: DescriptorText?
  /// The cell class, when it is read from the data or computed (RCSTableKit's `cell:kvc` and
  /// `cell:sel`): a class registered in ``DescriptorLibrary/classes`` or one of the library's,
  /// which gives the row its kind; an unknown class leaves ``kind``.
  public var cellClass: DescriptorText?
  /// Whether the row's control takes focus when the screen appears.
  public var becomesFirstResponder: Bool
  /// Whether the row's text field enters its value only when editing ends
  /// (``RowAttributes/entersValueWhenEditingEnds``).
  public var entersValueWhenEditingEnds = false
  /// How a date row shows its date (``RowAttributes/dateFormat``): `HH:mm` alone picks a time
  /// of day.
  public var dateFormat: String?
  /// The minutes a date row's time steps by (``RowAttributes/minuteInterval``).
  public var minuteInterval: Int?
  /// Where the row is written.
  public var location: SourceLocation?

  /// Creates a row.
  public init(
    name: String? = nil, kind: RowKind = .plain, text: DescriptorText? = nil,
    detail: DescriptorText? = nil, location: SourceLocation? = nil
  ) {
    self.name = name
    self.kind = kind
    self.text = text
    self.detail = detail
    self.isSecure = false
    self.becomesFirstResponder = false
    self.location = location
  }

  /// The wheels of a picker that chooses the value in parts (feet and inches), from the
  /// canonical `components` or an app's picker class (``DescriptorClass/components``).
  public var pickerComponents: [PickerComponent] = []
  /// What the descriptor says of the row that Trellis does not read itself (the canonical
  /// `userInfo`, other formats' keys of the app's own), for the app's code: see
  /// ``BoundRow/userInfo`` and ``Trellis/RowContext/userInfo``.
  public var userInfo: [String: Value] = [:]

  /// The row's actions, in order: selecting, editing, accessory, editing accessory, editing
  /// control.
  var actions: [DescriptorAction?] {
    [action, editingAction, accessoryAction, editingAccessoryAction, editingStyleAction]
  }

  /// Every push the row can make, from any of its actions; presenting a descriptor pushes it
  /// too.
  public var pushes: [DescriptorPush] {
    actions.compactMap { action in
      switch action {
      case .push(let push)?: push
      case .builtIn(.present(let name), let location)?: DescriptorPush(name, at: location)
      default: nil
      }
    }
  }
}

/// A piece of text (or a name such as an accessory) that is written literally, read from a key
/// path, or computed by a function the app registered.
public enum DescriptorText: Hashable, Sendable {
  /// The text itself.
  case literal(String)
  /// The value at a key path of the row's (or section's) object (RCSTableKit's `:kvc`).
  case keyPath(String, at: SourceLocation?)
  /// The result of a function registered by name (RCSTableKit's `:sel`).
  case function(String, at: SourceLocation?)
  /// The value of an object: a substitution (RMSTableViews' `:saveLabel`), or a key path.
  case object(DescriptorObject)
  /// How many items a source holds, in words, following its changes.
  case count(DescriptorCount)
}

/// Where an object comes from: the root, a named object, or a key path.
///
/// In every format, `:self` is the root object and `:name` is the object registered under
/// `name` in the ``DescriptorLibrary`` or, failing that, the root object's property `name`.
/// Anything else is a key path from the enclosing object. An unknown `:name` is an error.
public enum DescriptorObject: Hashable, Sendable {
  /// The root object (`:self`).
  case root
  /// A named object (`:profile`).
  case named(String, at: SourceLocation?)
  /// A key path from the enclosing object (`profile`, `players.0`).
  case keyPath(String, at: SourceLocation?)

  /// Reads `text`: `:self`, `:name` or a key path.
  public init(_ text: String, at location: SourceLocation? = nil) {
    if text == ":self" {
      self = .root
    } else if text.hasPrefix(":") {
      self = .named(String(text.dropFirst()), at: location)
    } else {
      self = .keyPath(text, at: location)
    }
  }
}

/// A condition: a constant, a predicate over the row's object, or a substituted Boolean.
public enum DescriptorCondition: Hashable, Sendable {
  /// Always or never.
  case constant(Bool)
  /// A predicate evaluated on the row's (or section's) object.
  case predicate(Predicate, at: SourceLocation?)
  /// The Boolean value of an object (`:emailEnabled`, or a key path).
  case object(DescriptorObject)
}

/// The items a selection chooses among.
public enum DescriptorChoices: Hashable, Sendable {
  /// Written in the descriptor.
  case literal([Value])
  /// The array value of an object (`:genders`, or a key path).
  case object(DescriptorObject)
}
