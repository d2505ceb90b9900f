import Trellis

/// Seed 000's settings screen: a form bound to user defaults, so that what a person enters is
/// there at the next launch.
public enum SettingsApp {
  /// The names string of the form.
  public static let names = "Account:(username,password);Message:(message);Sound:(volume,ringtone)"

  /// The ringtones to choose from (or none).
  public static let ringtones: [Value] = ["Chimes", "Marimba", "Old Phone", "Sonar"]

  /// The keys and the values they start with (which also fix their types).
  public static let initialValues: ValueDictionary = [
    "username": "", "password": "", "message": "", "volume": .double(50), "ringtone": .null,
  ]

  /// The form's definition: a username, a secure password, a message, a volume slider from 0
  /// to 100, and a ringtone that may be none.
  public static func definition() throws(DiagnosticList) -> DataDefinition {
    var definition = try DataDefinition.dictionary(keys: names)
    definition.name = "Settings"
    definition["username"]?.type = .textField
    definition["username"]?.attributes = .textField(
      placeholder: "Your name", autocapitalization: .none)
    definition["password"]?.type = .textField
    definition["password"]?.attributes = .textField(secure: true, autocapitalization: .none)
    definition["message"]?.type = .textView
    definition["volume"]?.type = .slider
    definition["volume"]?.attributes = .numeric(minimum: 0, maximum: 100)
    definition["ringtone"]?.type = .selection
    definition["ringtone"]?.attributes = .selection(ringtones, allowsNone: true)
    try definition.validate()
    return definition
  }

  /// The settings screen over the suite `suiteName`; edits are saved as they are made.
  public static func screen(suiteName: String) throws -> (Screen, UserDefaultsStore) {
    let store = try UserDefaultsStore(suiteName: suiteName)
    let model = TableModel(title: "Settings")
    try model.generateSections(
      for: store.settings(defaults: initialValues), definition: definition(), mode: .live)
    return (Screen(model: model, navigationBar: .none), store)
  }
}
