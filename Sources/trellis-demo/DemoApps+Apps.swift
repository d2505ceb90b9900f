import Foundation
import Trellis
import TrellisDescriptors
import TrellisExamples
import TrellisSettings
import TrellisWeb

extension DemoApps {
  // MARK: Settings (seed 000's user-defaults example)

  static func settingsApp() throws -> WebApp {
    // The settings live in the user-defaults suite "trellis-demo": what a person enters is
    // there at the next launch. Every session edits the same settings object.
    let store = try UserDefaultsStore(suiteName: "trellis-demo")
    return WebApp(
      id: "settings", title: "Settings", subtitle: "User defaults, every control",
      sharing: SettingsApp.settings(in: store)
    ) { settings in
      Navigator(root: try SettingsApp.screen(for: settings))
    }
  }

  // MARK: Profile (seed 000's single-object screens)

  static func profileApp() throws -> WebApp {
    // One profile, in the store its definition generates: empty at launch, created by the
    // first Done, then updated; every window edits the same one.
    WebApp(
      id: "profile", title: "Profile", subtitle: "One record: the first Done creates it",
      sharing: try ProfileApp.store()
    ) { store in
      Navigator(root: try ProfileApp.screen(store: store))
    }
  }

  // MARK: Editing shapes (seeds 000, 001, 004)

  static func editingShapesApp() throws -> WebApp {
    WebApp(
      id: "shapes", title: "Editing shapes",
      subtitle: "Move between lists, checkboxes, add and load more, a filter",
      sharing: try EditingShapes.State()
    ) { state in
      EditingShapes.navigator(state: state)
    }
  }

  // MARK: Theme (seed 000's theme example)

  static func themeApp() throws -> WebApp {
    WebApp(
      id: "theme", title: "Theme", subtitle: "One theme file styles every screen",
      sharing: try ThemeExample.store()
    ) { shared in
      Navigator(root: try ThemeExample.screen(store: shared.0, definition: shared.1))
    }
  }

  // MARK: Looks (header views, cell styles, tints, willDisplay)

  static func looksApp() -> WebApp {
    WebApp(
      id: "looks", title: "Looks", subtitle: "Header views, cell styles, tints, willDisplay"
    ) {
      // Each window has its own values and counts the rows it showed.
      try LooksExample.navigator()
    }
  }

  // MARK: Documents (seed 001)

  static func defaultDocumentPath(near databasePath: String) -> String {
    let folder = URL(fileURLWithPath: databasePath).deletingLastPathComponent()
    return folder.appendingPathComponent("trellis-demo-document.json").path
  }

  static func documentsApp(path: String) throws -> WebApp {
    let url = URL(fileURLWithPath: path)
    if !FileManager.default.fileExists(atPath: path) {
      _ = try DocumentFile.create(at: url, root: SampleContent.document, format: .json)
    }
    // Every window edits the one tree, and every commit is saved to the file.
    let document = AutosavedDocument(store: try DocumentStore(contentsOf: url))
    return WebApp(
      id: "documents", title: "Documents", subtitle: url.lastPathComponent,
      sharing: document,
      // Open windows show another program's changes to the file within a second.
      refreshingEvery: .seconds(1), refresh: { try? $0.takeChangesOnDisk() }
    ) { document in
      try? document.takeChangesOnDisk()
      // The document's shape as it is now: another program may have added a key, or changed
      // a value's type, since the server started.
      var definition = DataDefinition.document(
        document.store.root.root, name: url.lastPathComponent)
      definition.addableKeyKinds = document.store.addableKeyKinds
      let model = TableModel(title: url.lastPathComponent)
      let draft = try model.generateSections(
        for: document.store.root, definition: definition, mode: .deferred)
      let navigator = Navigator(
        root: Screen(model: model, navigationBar: .doneRightCancelLeft, draft: draft))
      document.attach(navigator)
      return navigator
    }
  }

  // MARK: Go Fish (seed 002)

  static func goFishApp() -> WebApp {
    WebApp(
      id: "gofish", title: "Go Fish",
      subtitle: "Ask for a rank, play to the end; the sections animate",
      sharing: GoFishGame.seedExample()
    ) { game in
      GoFishTable.playableNavigator(for: game)
    }
  }
}
