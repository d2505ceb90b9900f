import Trellis

/// One record shown as a form (Sensible TableView's single-object screens): a person's
/// profile, in a store that keeps at most one. The form starts empty when the store is; the
/// first Done creates the profile, later Dones update it.
///
/// Its store is the one the definition generates (``DataDefinition/generateCompatibleDataStore(items:)``).
public enum ProfileApp {
  /// The names string of the form.
  public static let names = "About you:(name,email):The name is required;Home:(city,bio)"

  /// The profile's definition: dictionaries with a required name, an email address, a city
  /// and a few lines about the person.
  public static func definition() throws(DiagnosticList) -> DataDefinition {
    var definition = try DataDefinition.dictionary(keys: names)
    definition.name = "Profile"
    for key in ["name", "email", "city"] {
      definition[key]?.type = .textField
      definition[key]?.valueKind = .optional(.string)
    }
    definition["name"]?.isRequired = true
    definition["email"]?.attributes = .textField(
      placeholder: "you@example.com", autocapitalization: .none)
    definition["email"]?.attributes.keyboard = .emailAddress
    EmailAddress.check("email", of: &definition)
    definition["bio"]?.type = .textView
    definition["bio"]?.valueKind = .optional(.string)
    try definition.validate()
    return definition
  }

  /// A new, empty store that fits the definition: the profile is created on the first Done.
  public static func store() throws(DiagnosticList) -> MemoryStore {
    try definition().generateCompatibleDataStore()
  }

  /// The profile form over `store`: its one object, or a new one the first Done inserts.
  public static func screen(store: any DataStore) throws(ScreenError) -> Screen {
    try Screen(singleObjectOf: store, title: "Profile")
  }
}
