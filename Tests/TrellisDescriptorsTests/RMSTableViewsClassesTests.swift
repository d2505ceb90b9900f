import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// Every cell and section class RMSTableViews ships, every property each reads, and what
/// Trellis reports about the others.
@Suite("RMSTableViews classes")
struct RMSTableViewsClassesTests {
  func everyClass() throws -> (TableDescriptor, DocumentObject, HeadlessApp, DescriptorActionLog) {
    let descriptor = try DescriptorTestSupport.demoDescriptor("RMSTableViews/RMSEveryClass.json")
    let data = try DescriptorTestSupport.data("RMSTableViews/every-data.json")
    let log = DescriptorActionLog()
    var library = DescriptorLibrary()
    for action in ["refresh:", "signOut:", "showHelp"] {
      library.actions[action] = { _ in log.append(action) }
    }
    let navigator = try library.makeNavigator(showing: descriptor, root: data)
    return (descriptor, data, HeadlessApp(navigator: navigator), log)
  }

  @Test func everyClassReadsWithoutAProblemButTheAbstractSection() throws {
    let result = TableDescriptor.read(
      data: try DescriptorTestSupport.fixtureData("RMSTableViews/RMSEveryClass.json"),
      file: "Every.json", classes: try DescriptorTestSupport.demoClasses())
    #expect(
      result.diagnostics.map(\.description) == [
        "Every.json:37:18: warning: RMSTableViewSection is abstract (its subclasses supply the "
          + "rows); its rows are shown as an RMSFormSection's"
      ])
  }

  @Test func everyCellClassIsMapped() throws {
    let (_, _, app, _) = try everyClass()
    let sections = app.top.drawn().table.sections
    #expect(sections.map(\.model.header) == ["Account", "Actions", "Words"])
    #expect(sections[0].model.footer == "Every cell class")
    #expect(
      sections[0].items.map(\.kind) == [
        .plain, .label, .label, .selection, .date, .switch, .textField, .textField,
      ])
    let intro = sections[0].items[0]
    #expect(intro.attributes.backgroundColor == ThemeColor(white: 238.0 / 255))
    #expect(intro.attributes.textColor == ThemeColor(white: 1.0 / 3))
    #expect(intro.attributes.textAlignment == .center && intro.accessory == .checkmark)
    let plan = sections[0].items[2]
    #expect(plan.text == "Plan" && plan.value == "pro" && plan.accessory == .disclosureIndicator)
    #expect(plan.attributes.detailTextColor == ThemeColor(red: 0, green: 0, blue: 1))
    #expect(sections[0].items[3].detail == "Professional")
    #expect(sections[0].items[5].attributes.textAlignment == .left)
    let password = sections[0].items[6]
    #expect(password.attributes.isSecure)
    #expect(password.attributes.placeholder == "At least 6 characters")
    #expect(password.attributes.autocapitalization == RowAttributes.Autocapitalization.none)
    #expect(password.attributes.textColor == ThemeColor(white: 0.2))
    let nick = sections[0].items[7]
    #expect(!nick.attributes.isSecure && nick.attributes.placeholder == "Your nickname")
    let actions = sections[1].items
    #expect(actions.map(\.kind) == [.button, .button, .plain, .link, .link])
    #expect(actions[1].text == "Sign out" && actions[1].attributes.textAlignment == .center)
    #expect(
      actions[1].attributes.backgroundColor == ThemeColor(red255: 204, green255: 0, blue255: 0))
    #expect(actions[2].accessory == .disclosureIndicator)
    #expect(actions[3].attributes.url == "https://example.com")
    #expect(sections[2].items.map(\.text) == ["establish", "justice", "liberty"])
  }

  @Test func substitutedConditionsAndAddressesFollowTheData() throws {
    let (_, data, app, log) = try everyClass()
    try app.tap("Refresh")
    try app.tap("Sign out")
    try app.tap("Help")
    #expect(log.names == ["refresh:", "signOut:", "showHelp"])
    try app.tap("Home page")
    #expect(app.navigator.openedURL == "https://example.com")
    try data.setValue(false, forKeyPath: "signedIn")
    try data.setValue(false, forKeyPath: "hidePassword")
    try data.setValue("https://example.org", forKeyPath: "homePage")
    app.top.model.processChanges()
    #expect(app.row("Sign out")?.isEnabled == false)
    #expect(app.row("Password")?.attributes.isSecure == false)
    try app.tap("Home page")
    #expect(app.navigator.openedURL == "https://example.org")
  }

  // MARK: Diagnostics

  @Test func propertiesAClassDoesNotReadAreLocated() {
    let text = """
      [{"className": "RMSFormSecton", "rows": []},
       {"className": "MySection", "properties": {"headerTitle": "A", "tint": "red"}, "rows": [
        {"className": "RMSSwitchCell", "properties": {"keyPath": "on", "labelTxt": "On", "choices": [1]}},
        {"className": "RMSSwitchCel", "properties": {"keyPath": "x"}},
        {"className": "MyCell", "bindVariable": "mine", "properties": {"keyPath": "x", "sparkle": 3}},
        {"className": "RMSButtonCell", "properties": {"labelText": "Go"}},
        {"className": "RMSTextEntryCell", "properties": {"keyPath": ":path", "placeholder": "Name"}},
        {"className": "RMSFormCell", "properties": {"backgroundColor": "reddish", "accessoryType": "tick"}},
        {"className": "RMSDataCell", "properties": {"keyPath": "k", "primaryLabel.textColor": 7, "value": 1}}
       ]},
       {"className": "RMSDynamicSection", "properties": {"cellIdentifier": "Cell"}}
      ]
      """
    #expect(
      DescriptorTestSupport.problems(text, file: "P.json") == [
        "P.json:1:16: error: unknown class name 'RMSFormSecton' (did you mean 'RMSFormSection'?)",
        "P.json:2:16: warning: unregistered section class 'MySection' is drawn as an "
          + "RMSFormSection; register it in Swift (DescriptorClasses.sections) or in a classes "
          + #"file: {"sections": {"MySection": {"like": "RMSFormSection"}}}"#,
        "P.json:2:64: warning: 'tint' is not a property of RMSFormSection, which MySection is "
          + "drawn as; it is left to the app, in its userInfo",
        "P.json:3:66: error: RMSSwitchCell has no property 'labelTxt' (did you mean 'labelText'?)",
        "P.json:3:84: error: RMSSwitchCell has no property 'choices'",
        "P.json:4:17: error: unknown class name 'RMSSwitchCel' (did you mean 'RMSSwitchCell'?)",
        "P.json:5:17: warning: unregistered cell class 'MyCell' is drawn as an "
          + "RMSRightDetailFormCell, the library class closest to its properties; register it in "
          + #"Swift (DescriptorClasses.cells) or in a classes file: {"cells": {"MyCell": "#
          + #"{"like": "RMSRightDetailFormCell"}}}"#,
        "P.json:5:82: warning: 'sparkle' is not a property of RMSRightDetailFormCell, which "
          + "MyCell is drawn as; it is left to the app, in its userInfo",
        "P.json:6:48: error: missing required key 'selectorString' in RMSButtonCell",
        "P.json:7:72: warning: RMSTextEntryCell has no property 'placeholder': its text field's "
          + "is 'textField.placeholder'; read as that",
        "P.json:7:63: error: 'keyPath' must be written out: Trellis reads it with the "
          + "descriptor, before any substitution",
        "P.json:8:66: error: 'reddish' is not a colour: unknown colour 'reddish' for "
          + "'backgroundColor'",
        "P.json:8:94: error: 'tick' is not a valid accessoryType; expected a number or one of "
          + "none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton",
        "P.json:9:89: error: 'primaryLabel.textColor' must be a colour (a substitution such as "
          + "':redColor', or a name), not the number 7",
        "P.json:9:92: warning: 'value' is ignored: the row shows the value at its key path, and "
          + "the descriptor does not overwrite the data",
        "P.json:11:70: warning: cell identifier 'Cell' names no registered cell class: each "
          + "element is shown as text; register it in Swift (DescriptorClasses.cells) or in a "
          + #"classes file: {"cells": {"Cell": {"kind": "custom", "template": "Cell"}}}"#,
        "P.json:11:51: error: missing required key 'representedObjects' in RMSDynamicSection",
      ])
  }

  @Test func aSubstitutedColourThatIsNotOneIsFoundWhenBinding() throws {
    let text = """
      [{"rows": [{"className": "RMSFormCell",
                  "properties": {"labelText": ":label", "backgroundColor": ":tint"}}]}]
      """
    let descriptor = try TableDescriptor(data: Data(text.utf8), file: "C.json")
    let (screen, diagnostics) = descriptor.bind(
      root: DocumentObject(["label": "Hi", "tint": "#12"]))
    #expect(screen == nil)
    #expect(
      diagnostics.map(\.description) == [
        "C.json:2:70: error: '#12' is not a colour: expected '#' and 3, 6 or 8 hex digits"
      ])
    let library = DescriptorLibrary(objects: ["tint": "rgba(0, 0, 255, 0.5)"])
    let good = try descriptor.makeScreen(
      root: DocumentObject(["label": "Hi", "tint": "#12"]), library: library)
    let row = try #require(good.drawn().table.sections.first?.items.first)
    #expect(row.text == "Hi")
    #expect(row.attributes.backgroundColor == ThemeColor(red: 0, green: 0, blue: 1, alpha: 0.5))
  }

  @Test func aClassesFileIsCheckedAndLocated() {
    let text = """
      {"cells": {"A": {"like": "RMSArrayPickrCell"}, "B": {"kind": "swich"}, "C": {"kind": "custom"},
                 "D": {"rowProperties": {}}},
       "section": {}}
      """
    let read = DescriptorClasses.read(data: Data(text.utf8), file: "K.json")
    #expect(read.classes == nil)
    #expect(
      read.diagnostics.map(\.description) == [
        "K.json:3:2: error: unknown key 'section' in a classes file (did you mean 'sections'?)",
        "K.json:1:26: error: 'RMSArrayPickrCell' is not a library class (did you mean "
          + "'RMSArrayPickerCell'?)",
        "K.json:1:62: error: 'swich' is not a valid kind (did you mean 'switch'?)",
        "K.json:2:18: error: unknown key 'rowProperties' in class 'D' (did you mean 'properties'?)",
      ])
    let good = DescriptorClasses.read(
      data: Data(#"{"cells": {"C": {"kind": "custom"}}}"#.utf8), file: "K.json")
    #expect(good.classes?.cells["C"] == DescriptorClass(kind: .custom, template: "C"))
  }

  /// A picker class registered with wheels needs no choices; an unregistered class that
  /// stands for the app's own picker shows no chevron, since nothing it would push is here.
  @Test func aPickerClassWithWheelsNeedsNoChoicesAndAnUnknownPickerPromisesNothing() throws {
    let classes = DescriptorClasses.read(
      data: Data(
        #"{"cells": {"HeightPicker": {"like": "RMSArrayPickerCell", "components": [{"from": 4, "to": 7, "unit": 12}, {"from": 0, "to": 11, "unit": 1}]}}}"#
          .utf8), file: "C.json")
    let registered = try #require(classes.classes)
    let text = """
      [{"properties": {"headerTitle": "Me"}, "rows": [
        {"className": "HeightPicker", "properties": {"representedObject": ":self",
         "keyPath": "height", "labelText": "Height"}},
        {"className": "ColourPicker", "properties": {"representedObject": ":self",
         "keyPath": "colour", "labelText": "Colour"}}
      ]}]
      """
    let read = TableDescriptor.read(data: Data(text.utf8), file: "P.json", classes: registered)
    #expect(read.diagnostics.filter { $0.severity == .error }.isEmpty, "\(read.diagnostics)")
    let descriptor = try #require(read.descriptor)
    let data = DocumentObject(["height": 70, "colour": "Blue"])
    let app = HeadlessApp(
      navigator: try DescriptorLibrary(classes: registered).makeNavigator(
        showing: descriptor, root: data))
    #expect(app.row("Height")?.attributes.pickerComponents.count == 2)
    let colour = try #require(app.row("Colour"))
    #expect(colour.accessory == .none)
    #expect(colour.value == "Blue")
  }
}
