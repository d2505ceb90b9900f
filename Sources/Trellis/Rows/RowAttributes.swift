/// The settings of a row's control: what each kind needs beyond text and value.
public struct RowAttributes: Hashable, Sendable {
  /// Grey text shown in an empty text field.
  public var placeholder: String?
  /// Whether a text field hides what is typed (passwords).
  public var isSecure = false
  /// How a text field capitalises what is typed.
  public var autocapitalization: Autocapitalization = .sentences
  /// The keyboard a text field asks for; the one its kind implies when `nil`.
  public var keyboard: Keyboard?
  /// Whether a text field corrects what is typed; the system's choice when `nil`.
  public var autocorrects: Bool?
  /// The smallest allowed number (numeric fields and sliders).
  public var minimum: Double?
  /// The largest allowed number (numeric fields and sliders).
  public var maximum: Double?
  /// Whether a numeric field accepts fractions.
  public var allowsFloat = true
  /// How many digits after the point a numeric field shows, as a `numeric(10,2)` column keeps
  /// them (`12.50`, not `12.5`); as few as the number needs when `nil`.
  public var fractionDigits: Int?
  /// The titles of a segmented control.
  public var segmentTitles: [String] = []
  /// The items a selection chooses among.
  public var choices: [Value] = []
  /// Titles for ``choices``, when they differ from the values' text.
  public var choiceTitles: [String] = []
  /// The wheels of a picker that chooses a number in parts (feet and inches); empty for a
  /// selection among ``choices``.
  public var pickerComponents: [PickerComponent] = []
  /// Whether a selection may hold several items.
  public var allowsMultipleSelection = false
  /// Whether a selection may be empty.
  public var allowsNoSelection = false
  /// Whether the row is one of a selection's choices, chosen when it shows a checkmark: a host
  /// says whether it is chosen either way (`aria-pressed` on the web), not only by the mark.
  public var isChoice = false
  /// Whether the row's value must be given before Done accepts the form: a host marks its
  /// control so (`aria-required` on the web) before any message says so.
  public var isRequired = false
  /// How a date row shows its date (a `DateFormatter` pattern), ISO-8601 when `nil`.
  public var dateFormat: String?
  /// Whether a date row's date has a time of day: its ``dateFormat`` shows hours, so a host
  /// edits the time as well as the day.
  public var showsTime: Bool { dateFormat.map { $0.contains("H") || $0.contains("h") } ?? false }
  /// Whether a date row shows its day: its ``dateFormat`` names a year, month, day or weekday,
  /// or it has none. A format of hours and minutes alone (`HH:mm`) picks a time of day, and
  /// the day the date holds is kept.
  public var showsDay: Bool { dateFormat.map { $0.contains(where: "yMdEL".contains) } ?? true }
  /// Whether a text field's text is a time of day without a zone (`09:30`, `17:45:30`), as a
  /// `TIME` column holds it: the web host edits it with a time input and UIKit with a time
  /// picker, which write the time picked as text. Text of another form is edited as text.
  public var holdsTimeOfDay = false
  /// The minutes a date row's time steps by (InAppSettingsKit's `MinuteInterval`): a host's
  /// picker offers only multiples of it. Every minute when `nil`.
  public var minuteInterval: Int?
  /// The smallest height of a growing text view, in points.
  public var minimumHeight: Double?
  /// The largest height of a growing text view, in points.
  public var maximumHeight: Double?
  /// Whether a text view grows with its text (STV's `autoResize`); a theme's `autoResize: NO`
  /// turns it off too.
  public var growsWithText = true
  /// The address a link row opens.
  public var url: String?
  /// The template name of a custom row.
  public var template: String?
  /// The reuse identifier hosts may use to recycle the row's view.
  public var reuseIdentifier: String?
  /// Where the detail text goes.
  public var cellStyle: CellStyle = .value1
  /// The row's own background, over its theme's.
  public var backgroundColor: ThemeColor?
  /// How the row's text is aligned, over its theme's.
  public var textAlignment: TextAlignment?
  /// The colour of the row's text, over its theme's.
  public var textColor: ThemeColor?
  /// The colour of the row's detail text, over its theme's.
  public var detailTextColor: ThemeColor?
  /// Whether the row's field takes the keyboard focus when its screen appears.
  public var becomesFirstResponder = false
  /// Whether a text field enters its value only when editing ends (Return, or leaving the
  /// field), never as it is typed: for a field whose value, once entered, does what more typing
  /// cannot take back, such as a list's add row appending an item. UIKit's and the terminal's
  /// fields always enter their value then; the web host otherwise enters it after a pause in
  /// typing.
  public var entersValueWhenEditingEnds = false
  /// Whether a "Load more" row loads the next page by itself once it is shown (a list scrolled
  /// to its end), as an async store's list does; otherwise it waits to be tapped.
  public var loadsWhenShown = false
  /// Why the row cannot act: what it needs and nobody supplied (an action no code registered).
  /// Hosts draw the row disabled and show the reason (a tooltip, a status line).
  public var unavailableReason: String?

  /// Creates default attributes.
  public init() {}

  /// The layout of text and detail text, as UITableViewCell's styles.
  public enum CellStyle: String, Hashable, Sendable, CaseIterable, Codable {
    /// Text only.
    case `default`
    /// Text on the left, detail on the right.
    case value1
    /// A small label on the left, the value beside it.
    case value2
    /// Text with the detail below it.
    case subtitle
  }

  /// How a row's text is aligned.
  public enum TextAlignment: String, Hashable, Sendable, CaseIterable, Codable {
    case left, center, right, justified, natural
  }

  /// How text entry capitalises.
  public enum Autocapitalization: String, Hashable, Sendable, CaseIterable, Codable {
    case none, words, sentences, allCharacters
  }

  /// The keyboards a text field may ask for, named as `UIKeyboardType` names them.
  public enum Keyboard: String, Hashable, Sendable, CaseIterable, Codable {
    case `default`, asciiCapable, numbersAndPunctuation, url, numberPad, phonePad, namePhonePad
    case emailAddress, decimalPad
  }
}
