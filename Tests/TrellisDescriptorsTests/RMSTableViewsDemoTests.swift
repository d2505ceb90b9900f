import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// RMSTableViews' demo descriptors, in the shape of the originals, read as the library reads
/// them: every library class, substitutions of every kind, the app's own classes registered
/// (or warned about), and `bindVariable` reaching sections and rows from code.
@Suite("RMSTableViews demo")
struct RMSTableViewsDemoTests {
  func profile(classes: Bool = true) throws -> (
    TableDescriptor, DocumentObject, HeadlessApp, DescriptorActionLog
  ) {
    let name = "RMSTableViews/RMSProfileViewController.plist"
    let descriptor =
      try classes
      ? DescriptorTestSupport.demoDescriptor(name) : DescriptorTestSupport.descriptor(name)
    let data = try DescriptorTestSupport.data("RMSTableViews/profile-data.json")
    let log = DescriptorActionLog()
    var library = DescriptorLibrary()
    for action in ["saveAction:", "deleteAction:", "pushWordViewController"] {
      library.actions[action] = { _ in log.append(action) }
    }
    let navigator = try library.makeNavigator(showing: descriptor, root: data)
    return (descriptor, data, HeadlessApp(navigator: navigator), log)
  }

  @Test func theProfileRendersWithItsSubstitutions() throws {
    let (_, _, app, _) = try profile()
    let snapshot = app.top.drawn()
    #expect(
      snapshot.table.sections.map(\.model.header) == [
        "Account Information", "General Information", "Vital Stats", nil, nil, nil,
      ])
    #expect(
      app.texts == [
        ["First name", "Last name", "Email"], ["Gender", "Birthday"],
        ["Height", "Batting Average", "Stance"], ["Save"], ["Delete"], ["Words"],
      ])
    let sections = snapshot.table.sections
    #expect(sections[0].items.map(\.kind) == [.textField, .textField, .textField])
    #expect(sections[0].items.map(\.value) == ["Ken", "Auer", "ken@example.com"])
    // RMSRedSection, registered, colours each of its rows.
    #expect(
      sections[0].items.allSatisfy {
        $0.attributes.backgroundColor == ThemeColor(red: 1, green: 0, blue: 0, alpha: 0.3)
      })
    #expect(sections[1].items.map(\.kind) == [.selection, .date])
    #expect(sections[1].items[0].attributes.choices == ["male", "female"])
    let vital = sections[2].items
    #expect(vital.map(\.kind) == [.selection, .selection, .selection])
    #expect(vital[0].detail == "6' 0\"")
    #expect(vital[1].attributes.choices.count == 4 && vital[1].value == ".250-.300")
    #expect(vital[2].attributes.choices == ["right", "left"])
    let save = sections[3].items[0]
    #expect(save.kind == .button && save.text == "Save")
    #expect(save.attributes.textColor == ThemeColor(white: 1))
    #expect(save.attributes.backgroundColor == ThemeColor(white: 0))
    #expect(save.style?.textColor == ThemeColor(white: 1))
    let delete = sections[4].items[0]
    #expect(delete.attributes.textColor == ThemeColor(white: 1))
    #expect(delete.attributes.backgroundColor == ThemeColor(red: 1, green: 0, blue: 0))
    #expect(sections[5].items[0].accessory == .disclosureIndicator)
  }

  @Test func targetsAndSelectorsRunNamedActions() throws {
    let (_, _, app, log) = try profile()
    try app.tap("Save")
    try app.tap("Delete")
    try app.tap("Words")
    #expect(log.names == ["saveAction:", "deleteAction:", "pushWordViewController"])
  }

  @Test func enabledLeavesOutSectionsAndRowsAndFollowsTheData() throws {
    let (_, data, app, _) = try profile()
    try data.setValue(false, forKeyPath: "deleteEnabled")
    try data.setValue(true, forKeyPath: "passwordsEnabled")
    app.top.model.processChanges()
    #expect(!app.texts.contains(["Delete"]))
    #expect(app.texts[0] == ["First name", "Last name", "Email", "Password", "Confirm"])
    #expect(app.row("Password")?.attributes.isSecure == true)
  }

  @Test func substitutedLabelsFollowTheData() throws {
    let (_, data, app, _) = try profile()
    try data.setValue("Join", forKeyPath: "saveLabel")
    app.top.model.processChanges()
    #expect(app.row("Join")?.kind == .button)
  }

  /// The demo's controller sets the account section's footer and enables the save button from
  /// code; `bindVariable` names them.
  @Test func bindVariableReachesSectionsAndRowsFromCode() throws {
    let (_, data, app, log) = try profile()
    let account = try #require(app.top.boundSection(named: "accountSection"))
    #expect(
      account.rowNames == ["profile.firstName", "lastName", "email", "passwordOne", "passwordTwo"])
    account.footer = "Passwords don't match"
    app.top.model.processChanges()
    #expect(app.top.drawn().table.sections[0].model.footer == "Passwords don't match")
    // A change to the data re-evaluates the descriptor's titles, but not over the code's.
    try data.setValue("Kenneth", forKeyPath: "profile.firstName")
    app.top.model.processChanges()
    #expect(app.top.drawn().table.sections[0].model.footer == "Passwords don't match")
    account.restoreTitles()
    app.top.model.processChanges()
    #expect(app.top.drawn().table.sections[0].model.footer == nil)

    let save = try #require(app.top.boundRow(named: "saveButton"))
    #expect(save.isEnabled && save.text == "Save")
    save.isEnabled = false
    app.top.model.processChanges()
    #expect(app.row("Save")?.isEnabled == false)
    #expect(throws: (any Error).self) { try app.tap("Save") }
    #expect(log.names.isEmpty)
    save.restore()
    app.top.model.processChanges()
    try app.tap("Save")
    #expect(log.names == ["saveAction:"])
    #expect(app.top.boundSection(named: "saveSection")?.row(named: "saveButton") != nil)
    #expect(app.top.boundSection(named: "nowhere") == nil)
  }

  @Test func withoutItsClassesTheProfileWarnsAndStillRenders() throws {
    let result = TableDescriptor.read(
      data: try DescriptorTestSupport.fixtureData("RMSTableViews/RMSProfileViewController.plist"),
      file: "Profile.plist")
    #expect(
      result.diagnostics.map(\.description) == [
        "Profile.plist:6:25: warning: unregistered section class 'RMSRedSection' is drawn as an "
          + "RMSFormSection; register it in Swift (DescriptorClasses.sections) or in a classes "
          + #"file: {"sections": {"RMSRedSection": {"like": "RMSFormSection"}}}"#,
        "Profile.plist:102:29: warning: unregistered cell class 'RMSHeightPickerCell' is drawn "
          + "as an RMSRightDetailFormCell, the library class closest to its properties; register "
          + "it in Swift (DescriptorClasses.cells) or in a classes file: "
          + #"{"cells": {"RMSHeightPickerCell": {"like": "RMSRightDetailFormCell"}}}"#,
        "Profile.plist:111:29: warning: unregistered cell class 'RMSBattingAveragePickerCell' is "
          + "drawn as an RMSRightDetailFormCell, the library class closest to its properties; "
          + "register it in Swift (DescriptorClasses.cells) or in a classes file: "
          + #"{"cells": {"RMSBattingAveragePickerCell": {"like": "RMSRightDetailFormCell"}}}"#,
      ])
    let (_, _, app, _) = try profile(classes: false)
    #expect(app.row("Height")?.kind == .label)
    #expect(app.row("Height")?.value == 72)
    #expect(app.row("First name")?.attributes.backgroundColor == nil)
  }

  @Test func theSettingsRenderWithTheNamedColourPickerRegistered() throws {
    let descriptor = try DescriptorTestSupport.demoDescriptor(
      "RMSTableViews/RMSSettingsViewController.json")
    let data = try DescriptorTestSupport.data("RMSTableViews/settings-data.json")
    let app = HeadlessApp(
      navigator: try DescriptorLibrary().makeNavigator(showing: descriptor, root: data))
    #expect(
      app.texts == [
        ["Awesome?", "Really?", "Days until password expires"], ["Color"], ["In Cupertino..."],
      ])
    try app.enter(false, at: "Really?")
    #expect(app.row("Awesome?")?.value == false)
    try app.tap("Color")
    #expect(app.texts == [["red", "blue", "green"]])
    try app.tap("green")
    #expect(try data.value(forKey: "favoriteColor") == "green")
    try app.tap("In Cupertino...")
    #expect(app.navigator.openedURL == "http://www.apple.com")
  }
}
