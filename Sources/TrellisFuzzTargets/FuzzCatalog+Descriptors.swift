import Foundation
import Trellis
import TrellisDescriptors
import TrellisTesting

extension FuzzCatalog {
  /// A descriptor fixture of `Tests/Fixtures`, and the data document it binds to.
  struct DescriptorFixture {
    var file: String
    var data: String?
    /// Whether the library pushes the descriptor by its own name (MyTable pushes MyTable).
    var pushesItself = false
    /// Whether the seed theme dresses it.
    var themed = false
  }

  static let descriptorFixtures = [
    DescriptorFixture(file: "MyTable.plist", pushesItself: true),
    DescriptorFixture(file: "ProfileViewController.plist", data: "profile-data.json"),
    DescriptorFixture(file: "RMSSettingsViewController.json", data: "settings-data.json"),
    DescriptorFixture(file: "GoFish.json", data: "gofish-data.json", themed: true),
    // A list from a document source, in batches of three, with an add row.
    DescriptorFixture(file: "Sources/Pages.json"),
    // A row of every kind, objects and lists disclosed on screens of their own.
    DescriptorFixture(file: "Kinds.json", data: "kinds-data.json"),
  ]

  /// Every descriptor fixture bound to its data, as it is and made editable: an Edit button,
  /// every row deletable, rows selectable in edit mode.
  package static func descriptors() -> [FuzzTarget] {
    descriptorFixtures.flatMap { fixture in
      [false, true].map { editable in
        FuzzTarget("descriptor/\(fixture.file)\(editable ? "+editable" : "")") { _ in
          try navigator(for: fixture, editable: editable)
        }
      }
    }
  }

  private static func navigator(for fixture: DescriptorFixture, editable: Bool) throws -> Navigator
  {
    var descriptor = try TableDescriptor(data: TestFixtures.data(fixture.file), file: fixture.file)
    if editable { makeEditable(&descriptor) }
    var library = DescriptorLibrary()
    // Sources' files are beside the descriptor; a new library opens them anew, unedited.
    library.sourceDirectory = TestFixtures.url(fixture.file).deletingLastPathComponent()
    if fixture.pushesItself {
      let name = (fixture.file as NSString).deletingPathExtension
      library.descriptors[name] = descriptor
    }
    if fixture.themed { library.theme = try TestFixtures.seedTheme() }
    let root =
      try fixture.data.map { name in
        DocumentObject(try LocatedDocument(data: TestFixtures.data(name), file: name).root)
      } ?? DocumentObject([:])
    return try library.makeNavigator(showing: descriptor, root: root)
  }

  /// Gives the descriptor an Edit button, lets every row be deleted, and rows be selected in
  /// edit mode.
  static func makeEditable(_ descriptor: inout TableDescriptor) {
    descriptor.isEditable = true
    descriptor.navigationBar = .editRight
    descriptor.selection.allowsSelectionDuringEditing = true
    for s in descriptor.sections.indices {
      for r in descriptor.sections[s].rows.indices {
        descriptor.sections[s].rows[r].editingStyle = .delete
      }
    }
  }
}
