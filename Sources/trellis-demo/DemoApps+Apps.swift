import Foundation
import Trellis
import TrellisExamples
import TrellisWeb

extension DemoApps {
  // MARK: Settings (seed 000's user-defaults example)

  static func settingsApp() throws -> WebApp {
    // The settings live in the user-defaults suite "trellis-demo": what a person enters is
    // there at the next launch. Every session edits the same settings object.
    let store = try UserDefaultsStore(suiteName: "trellis-demo")
    let settings = SharedObject(SettingsApp.settings(in: store))
    return WebApp(id: "settings", title: "Settings", subtitle: "User defaults, every control") {
      Navigator(root: try SettingsApp.screen(for: settings.object))
    }
  }

  // MARK: Documents (seed 001)

  static func defaultDocumentPath(near databasePath: String) -> String {
    let folder = URL(fileURLWithPath: databasePath).deletingLastPathComponent()
    return folder.appendingPathComponent("trellis-demo-document.json").path
  }

  static func documentsApp(path: String) throws -> WebApp {
    let url = URL(fileURLWithPath: path)
    let file: DocumentFile
    if FileManager.default.fileExists(atPath: path) {
      file = try DocumentFile(contentsOf: url)
    } else {
      file = try DocumentFile.create(
        at: url,
        root: [
          "title": "My document", "author": "Ada", "pages": 12, "published": false,
          "publisher": ["name": "Trellis Press", "city": "London"],
        ], format: .json)
    }
    let document = SharedDocument(file: file)
    let definition = DataDefinition.document(file.root, name: url.lastPathComponent)
    return WebApp(id: "documents", title: "Documents", subtitle: url.lastPathComponent) {
      let model = TableModel(title: url.lastPathComponent)
      let draft = try model.generateSections(
        for: document.object, definition: definition, mode: .deferred)
      return Navigator(
        root: Screen(model: model, navigationBar: .doneRightCancelLeft, draft: draft))
    }
  }

  // MARK: Go Fish (seed 002)

  static func goFishApp() -> WebApp {
    let game = SharedObject(GoFishGame.seedExample())
    return WebApp(id: "gofish", title: "Go Fish", subtitle: "Play a turn; the sections animate") {
      let model = GoFishTable.model(for: game.object)
      let actions = Section(id: "actions")
      var turn = Row(id: RowID(.string("play")), kind: .button, text: "Play a turn")
      turn.action = .named("playTurn")
      actions.addRow(turn)
      model.insertSection(actions, at: 0)
      let navigator = Navigator(root: Screen(model: model))
      navigator.namedActions["playTurn"] = { _ in game.object.playTurn() }
      return navigator
    }
  }
}

/// An object the sessions of one app share. Only the app's serial domain touches it.
final class SharedObject<Object: AnyObject>: @unchecked Sendable {
  let object: Object
  init(_ object: Object) { self.object = object }
}

/// A document file and the object sessions edit; every commit is saved to disk.
final class SharedDocument: @unchecked Sendable {
  private var file: DocumentFile
  let object: DocumentObject
  private(set) var lastError: String?

  init(file: DocumentFile) {
    self.file = file
    object = DocumentObject(file.root)
    object.onChange = { [weak self] _ in self?.save() }
  }

  private func save() {
    do {
      try file.save(object.root)
      lastError = nil
    } catch {
      lastError = error.description
    }
  }
}
