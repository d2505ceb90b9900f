import Trellis

/// What a text field or text view shows and how its keyboard behaves.
public struct TextEntry: Hashable, Sendable {
  /// The text in the field.
  public var text: String
  /// The text shown while the field is empty.
  public var placeholder: String?
  /// Whether the text is hidden as it is typed (a password).
  public var isSecure: Bool
  /// The keyboard the field asks for.
  public var keyboard: Keyboard
  /// How the keyboard capitalises what is typed.
  public var autocapitalization: RowAttributes.Autocapitalization
  /// Whether the keyboard corrects what is typed; the system's choice when `nil`.
  public var autocorrects: Bool? = nil
  /// How the text is aligned in the field, as the row says (InAppSettingsKit's
  /// `IASKTextAlignment`); `nil` for the right, beside the row's title.
  public var alignment: RowAttributes.TextAlignment?

  /// The keyboards a row asks for.
  public enum Keyboard: String, Hashable, Sendable {
    /// Letters.
    case text
    /// Digits only: a whole number that is never negative.
    case wholeNumber
    /// Digits and a decimal separator.
    case decimal
    /// Digits, a sign and a separator: a number that may be negative.
    case signedNumber
    /// A web address.
    case url
    /// An email address.
    case email
    /// A phone number.
    case phone
    /// A name or a phone number.
    case namePhone
    /// Letters of ASCII only.
    case ascii
  }
}
