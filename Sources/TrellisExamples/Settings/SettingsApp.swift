import Trellis
import TrellisSettings

/// Seed 000's settings screen: a form bound to user defaults, so that what a person enters is
/// there at the next launch. It has a row of every control kind.
public enum SettingsApp {
  /// The names string of the form.
  public static let names =
    "Account:(username,password):Will be automatically signed in;Message:(message);"
    + "Sound:(volume,ringtone);More:(notifications,theme,fontSize,birthday,avatar,signature)"

  /// The ringtones to choose from (or none).
  public static let ringtones: [Value] = ["Chimes", "Marimba", "Old Phone", "Sonar"]

  /// The keys and the values they start with (which also fix their types).
  public static let initialValues: ValueDictionary = [
    "username": "", "password": "", "message": "", "volume": .double(50), "ringtone": .null,
    "notifications": true, "theme": 2, "fontSize": 17, "birthday": .null, "avatar": "",
    "signature": "",
  ]

  /// The form's definition: a username, a secure password, a message, a volume slider from 0
  /// to 100, a ringtone that may be none, a switch, a segmented theme, a whole-number font
  /// size, a date, an image and a multi-line signature.
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
    definition["notifications"]?.type = .switch
    definition["theme"]?.type = .segmented
    definition["theme"]?.attributes.segmentTitles = ["Light", "Dark", "Auto"]
    definition["fontSize"]?.type = .numericTextField
    definition["fontSize"]?.attributes = .numeric(minimum: 9, maximum: 32, allowsFloat: false)
    definition["birthday"]?.type = .date
    definition["avatar"]?.type = .imagePicker
    definition["signature"]?.type = .textView
    try definition.validate()
    return definition
  }

  /// The settings kept in `store`, starting from ``initialValues``.
  public static func settings(in store: UserDefaultsStore) -> UserDefaultsObject {
    store.settings(defaults: initialValues)
  }

  /// The settings kept in `store`, which follows the person across devices or servers,
  /// starting from ``initialValues``.
  public static func settings(in store: some SyncedKeyValueStore) -> SyncedSettingsObject {
    store.settings(defaults: initialValues)
  }

  /// The settings screen over `settings` (a ``UserDefaultsObject`` or a
  /// ``SyncedSettingsObject``); edits are saved as they are made. Synced settings also show
  /// whether they reach the server: "Offline — 2 changes waiting".
  public static func screen(for settings: some KeyValueCoding) throws -> Screen {
    let model = TableModel(title: "Settings")
    try model.generateSections(for: settings, definition: definition(), mode: .live)
    if let synced = settings as? SyncedSettingsObject { model.addSection(syncSection(synced)) }
    model.addSection(aboutSection())
    return Screen(model: model, navigationBar: .none)
  }

  /// A Sync section whose Status row follows the synced settings' status.
  static func syncSection(_ settings: SyncedSettingsObject) -> Section {
    ContentSection(
      id: "sync", header: "Sync", content: [RowID(.string("status"))], identity: { $0 },
      configure: { [weak settings] _, row in
        row.kind = .label
        row.text = "Status"
        row.detailText = settings?.status.description
      })
  }

  /// The libraries Trellis descends from, shown under the About section's expand/collapse row.
  public static let acknowledgements = [
    ("Sensible TableView", "3.0"), ("RCSTableKit", "plist tables"),
    ("RMSTableViews", "declarative tables"),
  ]

  /// An About section whose Acknowledgements row shows and hides the rows under it.
  static func aboutSection() -> Section {
    let section = Section(id: "about", header: "About")
    var acknowledgements = Row(id: RowID(.string("acknowledgements")), text: "Acknowledgements")
    acknowledgements.expansion = RowExpansion(childRowCount: Self.acknowledgements.count)
    section.addRow(acknowledgements)
    for (name, detail) in Self.acknowledgements {
      section.addRow(Row(id: RowID(.string(name)), kind: .label, text: name, detailText: detail))
    }
    return section
  }

  /// The settings screen over the suite `suiteName`, and the suite's store.
  public static func screen(suiteName: String) throws -> (Screen, UserDefaultsStore) {
    let store = try UserDefaultsStore(suiteName: suiteName)
    return (try screen(for: settings(in: store)), store)
  }
}
