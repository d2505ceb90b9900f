import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisSettings
import TrellisUIKitOnMirror
import UIKitMirror

/// The Settings form through the adapter: every control shows its value, and what a person
/// does with it reaches the user defaults through batch updates UIKit accepts.
@Suite("Settings controls through the adapter")
@MainActor
struct SettingsControlTests {
  let navigator: Navigator
  let settings: UserDefaultsObject
  let controller: TrellisViewController
  let table: UITableView

  init() throws {
    (navigator, settings) = try Apps.settings()
    controller = Apps.show(navigator)
    table = try Apps.top(controller).tableView
  }

  func stored(_ key: String) throws -> Value { try settings.value(forKey: key) }

  @Test func everyRowKindShowsItsNativeControl() throws {
    #expect(
      try Shown.control(UITextField.self, of: "Username", in: table).placeholder == "Your name")
    #expect(try Shown.control(UITextField.self, of: "Password", in: table).isSecureTextEntry)
    #expect(try Shown.control(UITextView.self, of: "Message", in: table).text == "")
    #expect(try Shown.control(UISlider.self, of: "Volume", in: table).value == 50)
    #expect(try Shown.control(UISwitch.self, of: "Notifications", in: table).isOn)
    let theme = try Shown.control(UISegmentedControl.self, of: "Theme", in: table)
    #expect(theme.titles == ["Light", "Dark", "Auto"] && theme.selectedSegmentIndex == 2)
    let size = try Shown.control(UITextField.self, of: "Font Size", in: table)
    #expect(size.keyboardType == .numberPad && size.text == "17")
    #expect(try Shown.control(UIStepper.self, of: "Font Size", in: table).maximumValue == 32)
    let birthday = try Shown.control(UIDatePicker.self, of: "Birthday", in: table)
    #expect(birthday.preferredDatePickerStyle == .compact && birthday.datePickerMode == .date)
    #expect(
      try Shown.control(UIImageView.self, of: "Avatar", in: table).image?.name == "system:photo")
    #expect(try Shown.cell("Ringtone", in: table).accessoryType == .disclosureIndicator)
    #expect(table.violations.isEmpty)
  }

  @Test func aSwitchWritesItsValueThroughAValidBatch() throws {
    let toggle = try Shown.control(UISwitch.self, of: "Notifications", in: table)
    toggle.isOn = false
    toggle.sendActions(for: .valueChanged)
    #expect(try stored("notifications") == .bool(false))
    #expect(try Shown.control(UISwitch.self, of: "Notifications", in: table).isOn == false)
    #expect(table.shown.batchCount >= 1)
    #expect(table.violations.isEmpty)
  }

  @Test func aSliderASegmentAndAStepperEnterNumbers() throws {
    let slider = try Shown.control(UISlider.self, of: "Volume", in: table)
    #expect(!slider.isContinuous)
    slider.value = 80
    slider.sendActions(for: .valueChanged)
    #expect(try stored("volume") == .double(80))
    let theme = try Shown.control(UISegmentedControl.self, of: "Theme", in: table)
    theme.selectedSegmentIndex = 0
    theme.sendActions(for: .valueChanged)
    #expect(try stored("theme") == .int(0))
    let stepper = try Shown.control(UIStepper.self, of: "Font Size", in: table)
    stepper.value = 18
    stepper.sendActions(for: .valueChanged)
    #expect(try stored("fontSize") == .int(18))
    #expect(try Shown.control(UITextField.self, of: "Font Size", in: table).text == "18")
    #expect(table.violations.isEmpty)
  }

  @Test func aTextFieldEntersItsTextWhenEditingEnds() throws {
    let field = try Shown.control(UITextField.self, of: "Username", in: table)
    #expect(field.becomeFirstResponder())
    field.text = "ada"
    field.sendActions(for: .editingChanged)
    #expect(try stored("username") == .string(""))
    field.resignFirstResponder()
    #expect(try stored("username") == .string("ada"))
    #expect(table.violations.isEmpty)
  }

  /// Another window (an iPad scene, say) saves a name while this one's field is being typed
  /// in: ending the edit does not replace it unseen; the row names it, and entering the text
  /// again replaces it.
  @Test func typingOverAnotherWindowsNameShowsItFirst() throws {
    let other = Navigator(root: try SettingsApp.screen(for: settings))
    other.processChanges()
    let field = try Shown.control(UITextField.self, of: "Username", in: table)
    #expect(field.becomeFirstResponder())
    field.text = "ann"
    let username = try #require(
      other.top.model.snapshot.sections.flatMap(\.items).first { $0.text == "Username" })
    try other.handle(.enter(username.id, .text("bob"), over: ""))
    field.resignFirstResponder()
    #expect(try stored("username") == .string("bob"))
    #expect(
      Shown.detail(of: try Shown.cell("Username", in: table))
        == "Changed meanwhile to “bob”; enter yours again to replace it")
    let again = try Shown.control(UITextField.self, of: "Username", in: table)
    #expect(again.text == "ann")
    again.sendActions(for: .editingDidEnd)
    #expect(try stored("username") == .string("ann"))
    #expect(table.violations.isEmpty)
  }

  /// A size out of range stays on its row with the reason, as every host shows it, and never
  /// reaches the defaults; a size in range replaces it.
  @Test func aNumberOutOfRangeStaysOnItsRowWithTheReason() throws {
    var refusals: [ScreenError] = []
    try Apps.top(controller).adapter?.onError = { refusals.append($0) }
    let field = try Shown.control(UITextField.self, of: "Font Size", in: table)
    field.text = "99"
    field.sendActions(for: .editingDidEnd)
    #expect(try stored("fontSize") == .int(17))
    #expect(refusals.isEmpty)
    let cell = try Shown.cell("Font Size", in: table)
    #expect(Shown.detail(of: cell) == "Font Size is at most 32: 99 is too large")
    let again = try Shown.control(UITextField.self, of: "Font Size", in: table)
    again.text = "20"
    again.sendActions(for: .editingDidEnd)
    #expect(try stored("fontSize") == .int(20))
    #expect(
      Shown.detail(of: try Shown.cell("Font Size", in: table))
        != "Font Size is at most 32: 99 is too large")
    #expect(table.violations.isEmpty)
  }

  @Test func returnMovesToTheNextField() throws {
    let username = try Shown.control(UITextField.self, of: "Username", in: table)
    username.becomeFirstResponder()
    username.sendActions(for: .editingDidEndOnExit)
    let password = try Shown.control(UITextField.self, of: "Password", in: table)
    #expect(password.isFirstResponder)
    #expect(table.scrolledTo == (try Shown.path(of: "Password", in: table)))
  }

  /// A number pad has no Return: its field gets a bar whose Next enters the number and goes
  /// on as Return does, and whose Done enters it and puts the keyboard away.
  @Test func aNumberPadHasNextAndDoneAboveIt() throws {
    let username = try Shown.control(UITextField.self, of: "Username", in: table)
    #expect(username.inputAccessoryView == nil, "a keyboard with Return needs no bar")
    let field = try Shown.control(UITextField.self, of: "Font Size", in: table)
    #expect(field.keyboardType == .numberPad)
    let bar = try #require(field.inputAccessoryView as? UIToolbar)
    field.becomeFirstResponder()
    field.text = "20"
    try #require(bar.item(titled: "Next")).tap()
    #expect(try stored("fontSize") == .int(20))
    #expect(!field.isFirstResponder)
    let again = try Shown.control(UITextField.self, of: "Font Size", in: table)
    again.becomeFirstResponder()
    again.text = "21"
    let done = try #require(
      (again.inputAccessoryView as? UIToolbar)?.items?.first { $0.systemItem == .done })
    done.tap()
    #expect(try stored("fontSize") == .int(21))
    #expect(!again.isFirstResponder)
    #expect(table.violations.isEmpty)
  }

  @Test func aDatePickerEntersTheDay() throws {
    let picker = try Shown.control(UIDatePicker.self, of: "Birthday", in: table)
    var parts = DateComponents()
    (parts.year, parts.month, parts.day, parts.hour) = (1990, 5, 17, 12)
    picker.date = try #require(Calendar.current.date(from: parts))
    picker.sendActions(for: .valueChanged)
    let day = try #require(try stored("birthday").dateValue)
    #expect(Calendar.current.dateComponents([.year, .month, .day], from: day).day == 17)
    #expect(table.violations.isEmpty)
  }

  @Test func theExpandRowShowsAndHidesItsRows() throws {
    let before = Shown.texts(table).joined().count
    table.tapRow(at: try Shown.path(of: "Acknowledgements", in: table))
    #expect(Shown.texts(table).joined().count == before + SettingsApp.acknowledgements.count)
    let chevron = try Shown.control(UIImageView.self, of: "Acknowledgements", in: table)
    #expect(chevron.image?.name == "system:chevron.down")
    #expect(table.violations.isEmpty)
  }

  @Test func aSelectionRowPushesItsChoices() throws {
    table.tapRow(at: try Shown.path(of: "Ringtone", in: table))
    #expect(navigator.stack.count == 2)
    let choices = try Apps.top(controller).tableView!
    #expect(Shown.texts(choices).joined().contains("Marimba"))
    choices.tapRow(at: try Shown.path(of: "Marimba", in: choices))
    #expect(try stored("ringtone") == .string("Marimba"))
    #expect(choices.violations.isEmpty && table.violations.isEmpty)
  }

  @Test func anImageRowPicksAPhotoAndShowsIt() async throws {
    let screen = try Apps.top(controller)
    table.tapRow(at: try Shown.path(of: "Avatar", in: table))
    let picker = try #require(screen.presentedViewController as? PHPickerViewController)
    #expect(picker.configuration.filter == .images)
    picker.pick([PHPickerResult(data: Data([1, 2, 3]))])
    await screen.imageStorage?.value
    let path = try #require(try stored("avatar").stringValue)
    #expect(FileManager.default.contents(atPath: path) == Data([1, 2, 3]))
    #expect(try Shown.control(UIImageView.self, of: "Avatar", in: table).image?.name == path)
    try? FileManager.default.removeItem(atPath: path)
    #expect(table.violations.isEmpty)
  }
}
