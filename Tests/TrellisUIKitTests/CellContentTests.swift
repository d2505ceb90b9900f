import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisUIKitOnMirror

/// What a cell shows for every row kind, as a value, from the Settings form (a row of every
/// control) and small rows made here.
@Suite("Cell content")
@MainActor
struct CellContentTests {
  func content(_ text: String, in navigator: Navigator) throws -> CellContent {
    navigator.processChanges()
    for section in navigator.top.model.snapshot.sections {
      if let row = section.items.first(where: { $0.text == text }) { return CellContent(row) }
    }
    throw ScreenError.notApplicable("no row \(text)")
  }

  @Test func everySettingsRowHasItsNativeControl() throws {
    let (navigator, _) = try Apps.settings()
    let username = try content("Username", in: navigator)
    guard case .textField(let name, nil) = username.control else {
      Issue.record("Username: \(username.control)")
      return
    }
    #expect(name.placeholder == "Your name" && !name.isSecure && name.autocapitalization == .none)
    guard case .textField(let password, nil) = try content("Password", in: navigator).control
    else {
      Issue.record("Password is not a field")
      return
    }
    #expect(password.isSecure)
    guard case .textView = try content("Message", in: navigator).control else {
      Issue.record("Message is not a text view")
      return
    }
    #expect(
      try content("Volume", in: navigator).control
        == .slider(value: 50, minimum: 0, maximum: 100))
    #expect(try content("Notifications", in: navigator).control == .toggle(isOn: true))
    #expect(
      try content("Theme", in: navigator).control
        == .segmented(titles: ["Light", "Dark", "Auto"], selected: 2))
    guard case .textField(let size, let stepper?) = try content("Font Size", in: navigator).control
    else {
      Issue.record("Font Size has no stepper")
      return
    }
    #expect(size.keyboard == .wholeNumber && size.text == "17")
    #expect(stepper == .init(value: 17, minimum: 9, maximum: 32, step: 1))
    #expect(
      try content("Birthday", in: navigator).control == .date(nil, parts: .day, minuteInterval: 1))
    #expect(try content("Avatar", in: navigator).control == .imagePicker(imageName: nil))
    let ringtone = try content("Ringtone", in: navigator)
    #expect(ringtone.control == .none && ringtone.accessory == .disclosureIndicator)
    #expect(try content("Acknowledgements", in: navigator).control == .expander(isExpanded: false))
  }

  @Test func aTextFieldHoldingATimeOfDayIsATimePicker() throws {
    func control(_ text: String) throws -> CellControl {
      var definition = try DataDefinition.dictionary(keys: "opens")
      definition["opens"]?.attributes.holdsTimeOfDay = true
      definition["opens"]?.type = .textField
      let draft = try #require(
        Draft(for: DocumentObject(["opens": .string(text)]), definition: definition))
      let model = TableModel(title: "Shop")
      model.addSection(ObjectSection(draft: draft, group: PropertyGroup(keys: ["opens"])))
      return try content("Opens", in: Navigator(root: Screen(model: model))).control
    }
    #expect(try control("07:30") == .timeOfDay("07:30"))
    guard case .textField = try control("09:00+02") else {
      Issue.record("a time with a zone is edited as text")
      return
    }
  }

  @Test func reuseIdentifiersSeparateControls() throws {
    let (navigator, _) = try Apps.settings()
    #expect(try content("Username", in: navigator).reuseIdentifier == "Trellis.textField")
    #expect(try content("Notifications", in: navigator).reuseIdentifier == "Trellis.switch")
    #expect(try content("Ringtone", in: navigator).reuseIdentifier == "Trellis.value")
  }

  @Test func aValueRowShowsItsValueAsDetailAndAControlRowDoesNot() {
    var row = RowSnapshot(Row(id: RowID(.string("a")), kind: .label, text: "Name"))
    row.value = .string("Ada")
    #expect(CellContent(row).secondaryText == "Ada")
    row.kind = .textField
    #expect(CellContent(row).secondaryText == nil)
  }

  @Test func aDisabledRowIsNotSelectableAndKeepsItsMessage() {
    var row = Row(id: RowID(.string("a")), kind: .button, text: "Delete")
    #expect(CellContent(RowSnapshot(row)).isSelectable)
    row.isEnabled = false
    row.validationMessage = "Not now"
    let content = CellContent(RowSnapshot(row))
    #expect(!content.isEnabled && !content.isSelectable)
    #expect(content.validationMessage == "Not now")
  }

  @Test func numberKeyboardsFollowTheRowsRange() {
    var row = Row(id: RowID(.string("n")), kind: .numericTextField, text: "N")
    row.attributes.minimum = 0
    guard case .textField(let decimal, nil) = CellContent(RowSnapshot(row)).control else {
      Issue.record("not a field")
      return
    }
    #expect(decimal.keyboard == .decimal)
    row.attributes.minimum = -5
    guard case .textField(let signed, nil) = CellContent(RowSnapshot(row)).control else {
      Issue.record("not a field")
      return
    }
    #expect(signed.keyboard == .signedNumber)
  }

  @Test func aCustomRowUsesItsTemplateAsReuseIdentifier() {
    var row = Row(id: RowID(.string("c")), kind: .custom, text: "Card")
    row.attributes.template = "card"
    #expect(CellContent(RowSnapshot(row)).reuseIdentifier == "card")
  }
}
