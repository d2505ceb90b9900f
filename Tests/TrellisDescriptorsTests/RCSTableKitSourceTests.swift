import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// RCSTableKit definitions as the library's source reads them: its sample, unchanged in shape,
/// and every key of `RCSTableKitConstants.m`.
@Suite("RCSTableKit source keys")
struct RCSTableKitSourceTests {
  // MARK: The sample

  func sampler(root: Value = [:]) throws -> (HeadlessApp, [Diagnostic], DescriptorActionLog) {
    let descriptor = try DescriptorTestSupport.descriptor("RCSTableSampler/Root.plist")
    let log = DescriptorActionLog()
    let library = DescriptorLibrary(
      descriptors: ["Root": descriptor],
      functions: ["text:": { _ in .string("<RCSTableRow>") }])
    let (screen, diagnostics) = descriptor.bind(root: DocumentObject(root), library: library)
    let navigator = Navigator(root: try #require(screen))
    library.install(on: navigator)
    return (HeadlessApp(navigator: navigator), diagnostics, log)
  }

  @Test func theSampleRendersWithItsTitleHeaderAndValue2Rows() throws {
    let descriptor = try DescriptorTestSupport.descriptor("RCSTableSampler/Root.plist")
    #expect(descriptor.style == .plain)
    #expect(descriptor.controller == "RootViewController")
    #expect(descriptor.sections.map(\.header) == [nil, .literal("Person")])
    let (app, _, _) = try sampler()
    let snapshot = app.top.drawn()
    #expect(snapshot.title == "RCSTable Sampler")
    #expect(snapshot.table.sections.map(\.model.header) == [nil, "Person"])
    #expect(
      app.texts == [["RCSTableKit", "<RCSTableRow>"], ["First Name", "Last Name"]])
    let sub = snapshot.table.sections[0].items[0]
    #expect(sub.attributes.cellStyle == .subtitle)
    #expect(sub.detail == "Sample app")
    let person = snapshot.table.sections[1].items
    #expect(person.map(\.attributes.cellStyle) == [.value2, .value2])
    #expect(person.map(\.detail) == ["John", "Appleseed"])
    #expect(snapshot.table.sections[0].items[1].accessory == .disclosureIndicator)
  }

  @Test func theSampleWarnsOfItsControllersColourAndTakesItFromTheData() throws {
    let (bare, warnings, _) = try sampler()
    #expect(
      warnings.map(\.description) == [
        "RCSTableSampler/Root.plist:15:39: warning: cannot read 'subBackgroundColor' for the "
          + "row's backgroundColor, so it has none: unknown key 'subBackgroundColor' on "
          + "Dictionary in key path 'subBackgroundColor'"
      ])
    #expect(bare.top.drawn().table.sections[0].items[0].attributes.backgroundColor == nil)
    let (app, clean, _) = try sampler(root: ["subBackgroundColor": "cyanColor"])
    #expect(clean.isEmpty)
    let sub = app.top.drawn().table.sections[0].items[0]
    #expect(sub.attributes.backgroundColor == ThemeColor(red: 0, green: 1, blue: 1))
    #expect(sub.style?.backgroundColor == ThemeColor(red: 0, green: 1, blue: 1))
  }

  @Test func theSampleSecondRowPushesTheSampleAgain() throws {
    let (app, _, _) = try sampler()
    try app.tap("<RCSTableRow>")
    #expect(app.navigator.stack.count == 2)
    #expect(app.top.title == "RCSTable Sampler")
  }

  @Test func aColourThatIsNotOneIsALocatedError() throws {
    let descriptor = try DescriptorTestSupport.descriptor("RCSTableSampler/Root.plist")
    let library = DescriptorLibrary(
      descriptors: ["Root": descriptor], functions: ["text:": { _ in "x" }])
    let (screen, diagnostics) = descriptor.bind(
      root: DocumentObject(["subBackgroundColor": "cyn"]), library: library)
    #expect(screen == nil)
    #expect(
      diagnostics.map(\.description) == [
        "RCSTableSampler/Root.plist:15:39: error: 'cyn' is not a colour: unknown colour "
          + "'cyn' for 'backgroundColor'; did you mean 'cyan'?"
      ])
  }

  // MARK: Every key

  func team() throws -> (TableDescriptor, DocumentObject, HeadlessApp, DescriptorActionLog) {
    let descriptor = try DescriptorTestSupport.descriptor("RCSTableKit/Team.plist")
    let data = try DescriptorTestSupport.data("RCSTableKit/team-data.json")
    let log = DescriptorActionLog()
    var library = DescriptorLibrary(
      descriptors: [
        "Player": try DescriptorTestSupport.descriptor("RCSTableKit/Player.plist"),
        "PlayerEditor": try DescriptorTestSupport.descriptor("RCSTableKit/PlayerEditor.plist"),
      ],
      functions: [
        "badgeTitle": { _ in "Badge" }, "badgeImage": { _ in "badge.png" },
        "badgeAccessory": { _ in 3 }, "badgeColour": { _ in "#0000FF" },
        "describeAge": { value in
          .string(
            "age "
              + ((try? KeyPathSegments.read(["age"], from: value, path: "age"))?
                .displayText ?? "?"))
        },
        "positionStyle": { _ in 1 }, "goalsCell": { _ in "RCSTableViewCell" },
      ],
      classes: DescriptorClasses(cells: [
        "BadgeCell": DescriptorClass(kind: .custom, template: "badge"),
        "AddPlayerCell": DescriptorClass(kind: .addItem),
      ]))
    for name in [
      "showTeamInfo", "editPlayer", "celebrate", "release", "callCaptain", "editCaptain",
      "showCaptain",
    ] {
      library.actions[name] = { _ in log.append(name) }
    }
    let descriptor2 = try TableDescriptor(
      data: DescriptorTestSupport.fixtureData("RCSTableKit/Team.plist"), file: "Team.plist",
      classes: library.classes)
    let navigator = try library.makeNavigator(showing: descriptor2, root: data)
    return (descriptor, data, HeadlessApp(navigator: navigator), log)
  }

  @Test func everyTableAndSectionKeyIsRead() throws {
    let result = TableDescriptor.read(
      data: try DescriptorTestSupport.fixtureData("RCSTableKit/Team.plist"), file: "Team.plist")
    #expect(
      result.diagnostics.map(\.description) == [
        "Team.plist:104:31: warning: cellNib 'AddPlayerCell' is a nib Trellis cannot load: the row "
          + "is drawn as its cell class's; register 'AddPlayerCell' in Swift "
          + #"(DescriptorClasses.cells) or in a classes file: {"cells": {"AddPlayerCell": "#
          + #"{"kind": "custom", "template": "AddPlayerCell"}}}"#
      ])
    let descriptor = try #require(result.descriptor)
    #expect(descriptor.style == .grouped)
    #expect(descriptor.controller == "TeamViewController")
    #expect(descriptor.isEditable && descriptor.selection.allowsSelectionDuringEditing)
    #expect(descriptor.sections.map(\.name) == ["summary", "players", "captain"])
    #expect(descriptor.sections[0].header == .literal("Summary"))
    let editName = descriptor.sections[0].rows[1]
    #expect(editName.kind == .textField && editName.value == "team.name")
    #expect(editName.text == nil && editName.placeholder == "Team name")
    #expect(editName.autocapitalization == .words && editName.becomesFirstResponder)
    let position = descriptor.sections[1].rows[0]
    #expect(position.pushes.map(\.name) == ["Player", "PlayerEditor", "Player"])
    #expect(
      descriptor.sections[1].list
        == .keyPath(
          "team.players",
          at: position.location.map {
            _ in SourceLocation(file: "Team.plist", line: 61, column: 20)
          }))
  }

  @Test func everyRowKeyBinds() throws {
    let (_, data, app, log) = try team()
    let snapshot = app.top.drawn()
    #expect(snapshot.title == "Rovers")
    #expect(snapshot.table.sections.map(\.model.header) == ["Summary", "Ann", "Bo", "Captain"])
    let summary = snapshot.table.sections[0].items
    #expect(
      summary[0].attributes.backgroundColor == ThemeColor(red255: 255, green255: 204, blue255: 0))
    #expect(summary[0].height == 50 && summary[0].imageName == "team.png")
    #expect(summary[0].accessory == .detailDisclosureButton)
    #expect(summary[1].kind == .textField && summary[1].value == .string("Rovers"))
    #expect(summary[1].attributes.becomesFirstResponder)
    #expect(summary[2].attributes.placeholder == "Anything to remember")
    let badge = summary[3]
    #expect(badge.kind == .custom && badge.attributes.template == "badge")
    #expect(badge.text == "Badge" && badge.imageName == "badge.png")
    #expect(badge.attributes.cellStyle == .subtitle && badge.accessory == .checkmark)
    #expect(badge.attributes.backgroundColor == ThemeColor(red: 0, green: 0, blue: 1))
    let keeper = snapshot.table.sections[1].items[0]
    #expect(keeper.detail == "age 31" && keeper.attributes.cellStyle == .value1)
    #expect(keeper.accessory == .detailDisclosureButton)
    #expect(snapshot.table.sections[2].items[1].kind == .plain)
    #expect(snapshot.table.sections[3].items[1].kind == .addItem)

    try app.tap("Goals")
    #expect(log.names == ["celebrate"])
    try app.tap("Ann")
    #expect(log.names == ["celebrate", "callCaptain"])
    try app.send(.accessoryTap(try #require(app.row("Name")).id))
    try app.send(.accessoryTap(try #require(app.row("Ann")).id))
    #expect(log.names == ["celebrate", "callCaptain", "showTeamInfo", "showCaptain"])
    try app.tap("Roster")
    #expect(app.top.title == "Ann")
    #expect(app.texts == [["Age"]])
    try app.send(.back)
    try app.send(.accessoryTap(try #require(app.row("Striker")).id))
    #expect(app.top.title == "Bo")
    try app.send(.back)
    try app.send(.setValue(app.rowID(at: ItemPath(item: 1, section: 0)), .string("City")))
    #expect(try data.value(forKeyPath: "team.name") == .string("City"))
    #expect(app.top.drawn().title == "City")
  }

  @Test func editModeUsesTheEditKeys() throws {
    let (_, _, app, log) = try team()
    try app.send(.setEditing(true))
    #expect(app.row("Name")?.editingAccessory == .checkmark)
    #expect(app.row("Badge")?.editingAccessory == .disclosureIndicator)
    try app.tap("Ann")
    #expect(log.names == ["editCaptain"])
    try app.send(.accessoryTap(try #require(app.row("Keeper")).id))
    #expect(log.names == ["editCaptain", "editPlayer"])
    try app.tap("Striker")
    #expect(app.top.title == "Edit Player")
    #expect(app.top.drawn().table.sections[0].items[0].value == .string("Bo"))
  }

  // MARK: Diagnostics

  @Test func nearMissesAreErrorsAndAppKeysWarnings() {
    let text = """
      {
          nib = RCSTableViewPlane;
          controler = Mine;
          myOwnSetting = 3;
          displaySections = (main);
          sections = { main = {
              titel = Main;
              headerTitle = Old;
              displayRows = (a, b, c);
              rows = {
                  a = { text = A; cell = RCSEditStringCel; attribute = name; };
                  b = { text = B; cell = FancyCell; "backgroundColor:kvc" = tint; };
                  c = { cell = RCSEditStringCell; autocapitalizationType = word; clearButtonMode = never; };
              };
          }; };
      }
      """
    #expect(
      DescriptorTestSupport.problems(text, file: "N.plist") == [
        "N.plist:3:5: error: unknown key 'controler' in the table definition (did you mean 'controller'?)",
        "N.plist:4:5: warning: unknown key 'myOwnSetting' in the table definition is left to "
          + "the app, in its userInfo",
        "N.plist:2:11: error: unknown nib 'RCSTableViewPlane' (did you mean 'RCSTableViewPlain'?)",
        "N.plist:7:9: error: unknown key 'titel' in section 'main' (did you mean 'title'?)",
        "N.plist:8:9: warning: 'headerTitle' in section 'main': it is not an RCSTableKit key; "
          + "RCSTableKit reads 'title'; read as that",
        "N.plist:11:36: error: unknown cell class 'RCSEditStringCel' (did you mean 'RCSEditStringCell'?)",
        "N.plist:12:47: warning: 'backgroundColor:kvc' in row 'b': RCSTableKit's README names "
          + "it, but the library reads 'backgroundColor'; read as that",
        "N.plist:12:36: warning: unregistered cell class 'FancyCell' is drawn as an "
          + "RCSTableViewCell, the library class closest to its keys; register it in Swift "
          + #"(DescriptorClasses.cells) or in a classes file: {"cells": {"FancyCell": "#
          + #"{"like": "RCSTableViewCell"}}}"#,
        "N.plist:13:17: error: missing required key 'attribute' for RCSEditStringCell",
        "N.plist:13:70: error: 'word' is not a valid autocapitalizationType (did you mean 'words'?)",
        "N.plist:13:94: warning: 'never' is not a valid clearButtonMode and is ignored; "
          + "expected one of whileEditing, unlessEditing, always",
      ])
  }

  @Test func thePlainActionWinsOverTheModeKeys() {
    let text = """
      { displaySections = (s); sections = { s = { displayRows = (r); rows = {
          r = { text = R; "action:sel" = go; pushConfiguration = Other; "action:edit:sel" = edit; };
      }; }; }; }
      """
    let result = TableDescriptor.read(data: Data(text.utf8), file: "A.plist")
    #expect(
      result.diagnostics.map(\.description) == [
        "A.plist:2:40: warning: 'pushConfiguration' is ignored: 'action:sel' wins, as in RCSTableKit",
        "A.plist:2:67: warning: 'action:edit:sel' is ignored: the plain action wins in both modes",
      ])
    let row = result.descriptor?.sections[0].rows[0]
    #expect(row?.editingAction == nil)
    if case .named("go", _)? = row?.action {} else { Issue.record("expected the action 'go'") }
  }
}

/// Records the names of the actions run, in order.
final class DescriptorActionLog: @unchecked Sendable {
  private var recorded: [String] = []
  private let lock = NSLock()
  func append(_ name: String) { lock.withLock { recorded.append(name) } }
  var names: [String] { lock.withLock { recorded } }
}
