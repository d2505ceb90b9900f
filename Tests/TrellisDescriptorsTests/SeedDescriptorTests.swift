import Foundation
import Testing
import Trellis
import TrellisTerminal
import TrellisTesting

@testable import TrellisDescriptors

/// The seeds' own descriptors: RCSTableKit's MyTable and RMSTableViews' profile and settings.
@Suite("Seed descriptors")
struct SeedDescriptorTests {
  @Test func myTableRendersAsItsReadmeDescribes() throws {
    let descriptor = try DescriptorTestSupport.descriptor("MyTable.plist")
    #expect(descriptor.format == .rcsTableKit)
    let library = DescriptorLibrary(descriptors: ["MyTable": descriptor])
    let screen = try descriptor.makeScreen(root: DocumentObject([:]), library: library)
    let snapshot = screen.drawn()
    #expect(snapshot.title == "My Very Basic Table")
    #expect(snapshot.style == .plain)
    #expect(snapshot.table.sections.count == 1)
    let rows = snapshot.table.sections[0].items
    #expect(rows.map(\.text) == ["this is very basic", "even simpler"])
    #expect(rows[0].attributes.cellStyle == .subtitle)
    #expect(rows[0].detail == "nothing to see here")
    #expect(rows[0].accessory == .none)
    #expect(rows[1].detail == nil)
    #expect(rows[1].accessory == .disclosureIndicator)
    let text = TextRenderer(width: 40).render(snapshot)
    #expect(
      text == """
        My Very Basic Table
        ===================

          +--------------------------------------+
          | this is very basic                   |
          |   nothing to see here                |
          | even simpler                       > |
          +--------------------------------------+

        """)
  }

  @Test func myTableSecondRowPushesMyTableAgain() throws {
    let descriptor = try DescriptorTestSupport.descriptor("MyTable.plist")
    let library = DescriptorLibrary(descriptors: ["MyTable": descriptor])
    let navigator = try library.makeNavigator(showing: descriptor, root: DocumentObject([:]))
    let app = HeadlessApp(navigator: navigator)
    try app.tap("even simpler")
    #expect(navigator.stack.count == 2)
    #expect(app.top.title == "My Very Basic Table")
    #expect(app.top !== navigator.stack[0])
    try app.tap("even simpler")
    #expect(navigator.stack.count == 3)
    try app.send(.back)
    #expect(navigator.stack.count == 2)
    // The first row does nothing when tapped.
    try app.tap("this is very basic")
    #expect(navigator.stack.count == 2)
  }

  @Test func myTablePushCycleIsReportedAsWarning() throws {
    let descriptor = try DescriptorTestSupport.descriptor("MyTable.plist")
    let cycles = DescriptorLibrary().pushCycles(from: "MyTable", descriptor)
    #expect(
      cycles.map(\.description) == ["MyTable.plist:17:41: warning: push cycle: MyTable → MyTable"])
  }

  /// RMSTableViews leaves out a row whose `enabled` is false (the passwords, here), and the
  /// height picker is the demo app's own class, registered in its classes file.
  @Test func profileBindsThroughSubstitutions() throws {
    let descriptor = try DescriptorTestSupport.demoDescriptor("ProfileViewController.plist")
    #expect(descriptor.format == .rmsTableViews)
    let data = try DescriptorTestSupport.data("profile-data.json")
    let navigator = try DescriptorLibrary().makeNavigator(showing: descriptor, root: data)
    let app = HeadlessApp(navigator: navigator)
    var snapshot = app.top.drawn()
    #expect(
      snapshot.table.sections.map(\.model.header) == ["Account Information", "General Information"])
    #expect(app.texts == [["First name", "Last name", "Email"], ["Gender", "Height"]])
    try data.setValue(.bool(true), forKeyPath: "passwordsEnabled")
    app.top.model.processChanges()
    snapshot = app.top.drawn()
    #expect(
      app.texts == [
        ["First name", "Last name", "Email", "Password", "Confirm"], ["Gender", "Height"],
      ])
    let account = snapshot.table.sections[0].items
    #expect(account.allSatisfy { $0.kind == .textField })
    #expect(
      account.map(\.value) == [
        .string("Ken"), .string("Auer"), .string("ken@example.com"), .string(""), .string(""),
      ])
    #expect(account.map(\.attributes.isSecure) == [false, false, false, true, true])
    let general = snapshot.table.sections[1].items
    #expect(general[0].kind == .selection)
    #expect(general[0].value == .string("Male"))
    #expect(
      general[0].attributes.choices == [.string("Female"), .string("Male"), .string("Other")])
    #expect(general[1].kind == .selection)
    #expect(general[1].value == .int(72))
    #expect(general[1].attributes.choiceTitles.contains("6' 0\""))

    // Two-way: typing writes to the data, and the data's changes show.
    try app.enter(.string("Kenneth"), at: "First name")
    #expect(try data.value(forKeyPath: "profile.firstName") == .string("Kenneth"))
    try data.setValue(.bool(false), forKeyPath: "emailEnabled")
    app.top.model.processChanges()
    #expect(app.row("Email") == nil)
    #expect(app.texts[0] == ["First name", "Last name", "Password", "Confirm"])
    try app.host.check()
  }

  @Test func profileGenderSelectionWritesTheChoice() throws {
    let descriptor = try DescriptorTestSupport.demoDescriptor("ProfileViewController.plist")
    let data = try DescriptorTestSupport.data("profile-data.json")
    let app = HeadlessApp(
      navigator: try DescriptorLibrary().makeNavigator(showing: descriptor, root: data))
    try app.tap("Gender")
    #expect(app.texts == [["Female", "Male", "Other"]])
    try app.tap("Other")
    #expect(try data.value(forKeyPath: "profile.gender") == .string("Other"))
    #expect(app.navigator.stack.count == 1)
    #expect(app.row("Gender")?.value == .string("Other"))
  }

  @Test func settingsRenderFromJSON() throws {
    let descriptor = try DescriptorTestSupport.demoDescriptor("RMSSettingsViewController.json")
    #expect(descriptor.format == .rmsTableViews)
    let data = try DescriptorTestSupport.data("settings-data.json")
    let app = HeadlessApp(
      navigator: try DescriptorLibrary().makeNavigator(showing: descriptor, root: data))
    let sections = app.top.drawn().table.sections
    #expect(sections.map(\.model.header) == ["Basic Settings", "Stuff", "Miscellaneous"])
    let awesome = sections[0].items[0]
    #expect(awesome.kind == .switch && awesome.text == "Awesome?" && awesome.value == .bool(true))
    let days = sections[0].items[1]
    #expect(days.kind == .selection && days.value == .int(60))
    #expect(days.attributes.choices == [.int(30), .int(60), .int(90)])
    let color = sections[1].items[0]
    #expect(color.kind == .selection && color.text == "Color" && color.value == .string("Blue"))
    #expect(color.attributes.choices == [.string("red"), .string("blue"), .string("green")])
    let link = sections[2].items[0]
    #expect(link.kind == .link)
    #expect(link.text == "In Cupertino...")
    // `title` titles the web page's screen in RMSTableViews, not the row.
    #expect(link.detail == nil)
    #expect(link.attributes.url == "http://www.apple.com")
    try app.tap("In Cupertino...")
    #expect(app.navigator.openedURL == "http://www.apple.com")
    try app.enter(.bool(false), at: "Awesome?")
    #expect(try data.value(forKey: "awesome") == .bool(false))
    #expect(app.row("Awesome?")?.value == .bool(false))
  }

  @Test func settingsReadTheSameFromEveryPlistFormat() throws {
    let json = try DescriptorTestSupport.fixtureData("RMSSettingsViewController.json")
    let document = try LocatedDocument(data: json, file: "Settings.json")
    let fromJSON = try TableDescriptor(document: document)
    for format in [DocumentFormat.xmlPlist, .binaryPlist] {
      let data = try DocumentWriter.data(for: document.root, format: format)
      let descriptor = try TableDescriptor(data: data, file: "Settings.plist")
      let screen = try descriptor.makeScreen(root: DescriptorTestSupport.data("settings-data.json"))
      let expected = try fromJSON.makeScreen(root: DescriptorTestSupport.data("settings-data.json"))
      #expect(screen.drawn().table == expected.drawn().table, "\(format)")
    }
    // OpenStep has only strings: the choices become "30", "60", "90".
    let openStep = try DocumentWriter.data(
      for: document.root, format: .openStepPlist, options: .init(conversion: .writeAsStrings))
    let descriptor = try TableDescriptor(data: openStep, file: "Settings.plist")
    #expect(descriptor.sections[0].rows[1].choices == .literal(["30", "60", "90"]))
    #expect(descriptor.sections.map(\.rows.count) == fromJSON.sections.map(\.rows.count))
  }
}
