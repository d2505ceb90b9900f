import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// RCSTableKit's reference keys beyond the README's example: `:kvc`, `:sel`, lists, objects,
/// predicates, edit-mode pushes and accessories.
@Suite("RCSTableKit definitions")
struct RCSTableKitTests {
  let definition = """
    {
        nib = RCSTableViewGrouped;
        "title:kvc" = team.name;
        isEditable = YES;
        allowsSelectionDuringEditing = YES;
        displaySections = (players, captain);
        sections = {
            players = {
                "list:kvc" = team.players;
                predicate = "active == YES";
                "headerTitle:kvc" = name;
                displayRows = (position, goals);
                rows = {
                    position = {
                        "text:kvc" = position;
                        "detailText:sel" = describeAge;
                        cellStyle = value1;
                        "accessoryType:kvc" = accessory;
                        editingAccessoryType = detailDisclosureButton;
                        rowHeight = 52;
                        "pushConfiguration:view" = Player;
                        "pushConfiguration:edit" = PlayerEditor;
                    };
                    goals = {
                        text = Goals;
                        "detailText:kvc" = goals;
                        "action:sel" = celebrate;
                        editingStyle = delete;
                        predicate = "goals > 0";
                    };
                };
            };
            captain = {
                "object:kvc" = team.captain;
                displayRows = (name);
                rows = { name = { "text:kvc" = name; "image:kvc" = photo; }; };
            };
        };
    }
    """
  let data: Value = [
    "team": [
      "name": "Rovers",
      "players": [
        [
          "name": "Ann", "position": "Keeper", "age": 31, "goals": 0, "active": true,
          "accessory": "checkmark",
        ],
        [
          "name": "Bo", "position": "Striker", "age": 24, "goals": 7, "active": true,
          "accessory": "none",
        ],
        [
          "name": "Cy", "position": "Bench", "age": 40, "goals": 1, "active": false,
          "accessory": "none",
        ],
      ],
      "captain": ["name": "Ann", "photo": "ann.png"],
    ]
  ]

  func library() throws -> (DescriptorLibrary, DescriptorActionCounter) {
    let counter = DescriptorActionCounter()
    let player = try TableDescriptor(
      data: Data(#"{"schemaVersion": 1, "title": {"keyPath": "name"}, "sections": []}"#.utf8))
    let editor = try TableDescriptor(
      data: Data(#"{"schemaVersion": 1, "title": "Editor", "sections": []}"#.utf8))
    let library = DescriptorLibrary(
      descriptors: ["Player": player, "PlayerEditor": editor],
      actions: ["celebrate": { _ in counter.increment() }],
      functions: [
        "describeAge": { value in
          .string(
            "age \((try? KeyPathSegments.read(["age"], from: value, path: "age"))?.displayText ?? "?")"
          )
        }
      ])
    return (library, counter)
  }

  @Test func everyKeyVariantIsRead() throws {
    let descriptor = try TableDescriptor(data: Data(definition.utf8), file: "Team.plist")
    #expect(descriptor.format == .rcsTableKit)
    #expect(descriptor.isEditable)
    #expect(descriptor.navigationBar == .editRight)
    #expect(descriptor.selection.allowsSelectionDuringEditing)
    let position = descriptor.sections[0].rows[0]
    #expect(
      position.text
        == .keyPath("position", at: SourceLocation(file: "Team.plist", line: 15, column: 34)))
    #expect(
      position.detail
        == .function("describeAge", at: SourceLocation(file: "Team.plist", line: 16, column: 40)))
    #expect(position.height == 52)
    #expect(
      position.action
        == .push(
          DescriptorPush("Player", at: SourceLocation(file: "Team.plist", line: 21, column: 48))))
    #expect(
      position.editingAction
        == .push(
          DescriptorPush(
            "PlayerEditor", at: SourceLocation(file: "Team.plist", line: 22, column: 48))))
    #expect(descriptor.sections[0].rows[1].editingStyle == .delete)
  }

  /// Edit, then the delete control of a row whose descriptor allows it: the row leaves the
  /// table. Rows that do not allow it, and moves, are refused with a typed error.
  @Test func aDeletableDescriptorRowIsDeletedInEditMode() throws {
    let descriptor = try TableDescriptor(data: Data(definition.utf8), file: "Team.plist")
    let (library, _) = try library()
    let navigator = try library.makeNavigator(showing: descriptor, root: DocumentObject(data))
    let app = HeadlessApp(navigator: navigator)
    #expect(app.texts == [["Keeper"], ["Striker", "Goals"], ["Ann"]])
    try app.send(.setEditing(true))
    let goals = try #require(app.row("Goals")).id
    try app.send(.delete(goals))
    #expect(app.texts == [["Keeper"], ["Striker"], ["Ann"]])
    let keeper = try #require(app.row("Keeper")).id
    #expect(throws: (any Error).self) { try app.send(.delete(keeper)) }
    #expect(throws: (any Error).self) {
      try app.send(.move(keeper, to: ItemPath(item: 0, section: 1)))
    }
    #expect(app.texts == [["Keeper"], ["Striker"], ["Ann"]])
    #expect(app.host.violations.isEmpty)
  }

  @Test func bindsListsObjectsPredicatesAndSelectors() throws {
    let descriptor = try TableDescriptor(data: Data(definition.utf8), file: "Team.plist")
    let (library, counter) = try library()
    let navigator = try library.makeNavigator(showing: descriptor, root: DocumentObject(data))
    let app = HeadlessApp(navigator: navigator)
    let snapshot = app.top.drawn()
    #expect(snapshot.title == "Rovers")
    // One section per active player, then the captain's.
    #expect(snapshot.table.sections.map(\.model.header) == ["Ann", "Bo", nil])
    #expect(app.texts == [["Keeper"], ["Striker", "Goals"], ["Ann"]])
    let keeper = snapshot.table.sections[0].items[0]
    #expect(keeper.detail == "age 31")
    #expect(keeper.accessory == .checkmark)
    #expect(keeper.height == 52)
    #expect(snapshot.table.sections[1].items[1].detail == "7")
    #expect(snapshot.table.sections[2].items[0].imageName == "ann.png")

    try app.tap("Goals")
    #expect(counter.value == 1)
    try app.tap("Striker")
    #expect(app.top.title == "Bo")
    try app.send(.back)
    try app.send(.setEditing(true))
    #expect(app.row("Striker")?.editingAccessory == .detailDisclosureButton)
    try app.tap("Striker")
    #expect(app.top.title == "Editor")
  }

  @Test func unknownSelectorsAreErrorsWhenBinding() throws {
    let descriptor = try TableDescriptor(data: Data(definition.utf8), file: "Team.plist")
    #expect {
      try descriptor.makeScreen(root: DocumentObject(data))
    } throws: { error in
      let lines = (error as? DiagnosticList)?.diagnostics.map(\.description) ?? []
      return lines.contains(
        "Team.plist:16:40: error: no function named 'describeAge' is registered")
        && lines.contains(
          "Team.plist:21:48: error: pushes 'Player', which is not a known descriptor")
    }
  }
}
