import Foundation
import Trellis
import TrellisExamples
import TrellisWeb

extension DemoApps {
  // MARK: Settings (seed 000's user-defaults example)

  static func settingsDefinition() throws -> DataDefinition {
    var definition = try DataDefinition.dictionary(
      keys: "Login Details:(username,password):Will be automatically signed in;"
        + "Settings:(message,volume,ringtone);"
        + "More:(notifications,theme,fontSize,birthday,avatar,signature)")
    definition["username"]?.type = .textField
    definition["username"]?.attributes = .textField(
      placeholder: "Your name", autocapitalization: .none)
    definition["password"]?.type = .textField
    definition["password"]?.attributes = .textField(secure: true, autocapitalization: .none)
    definition["message"]?.type = .textField
    definition["volume"]?.type = .slider
    definition["volume"]?.attributes = .numeric(minimum: 0, maximum: 100)
    definition["ringtone"]?.type = .selection
    definition["ringtone"]?.attributes = .selection(
      ["Ring 1", "Ring 2", "Ring 3"], allowsNone: true)
    definition["notifications"]?.type = .switch
    definition["theme"]?.type = .segmented
    definition["theme"]?.attributes.segmentTitles = ["Light", "Dark", "Auto"]
    definition["fontSize"]?.type = .numericTextField
    definition["fontSize"]?.attributes = .numeric(minimum: 9, maximum: 32, allowsFloat: false)
    definition["fontSize"]?.title = "Font Size"
    definition["birthday"]?.type = .date
    definition["avatar"]?.type = .imagePicker
    definition["signature"]?.type = .textView
    return definition
  }

  static func settingsApp() throws -> WebApp {
    let definition = try settingsDefinition()
    // The settings live in the user-defaults suite "trellis-demo": what a person enters is
    // there at the next launch. The initial values fix each key's type.
    let store = try UserDefaultsStore(suiteName: "trellis-demo")
    let values = SharedObject(
      store.settings(defaults: [
        "username": "", "password": "", "message": "Hello!", "volume": 50.0,
        "ringtone": .null, "notifications": true, "theme": 2, "fontSize": 17,
        "birthday": .null, "avatar": "", "signature": "",
      ]))
    return WebApp(id: "settings", title: "Settings", subtitle: "User defaults, every control") {
      guard let draft = Draft(for: values.object, definition: definition, mode: .live) else {
        throw DemoError("the settings cannot be edited")
      }
      let model = TableModel(title: "Settings")
      for group in definition.groups {
        model.addSection(ObjectSection(draft: draft, group: group))
      }
      return Navigator(root: Screen(model: model, draft: draft))
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
      guard let draft = Draft(for: document.object, definition: definition, mode: .deferred)
      else { throw DemoError("the document cannot be edited") }
      let model = TableModel(title: url.lastPathComponent)
      for group in definition.groups {
        model.addSection(ObjectSection(draft: draft, group: group))
      }
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

struct DemoError: Error, CustomStringConvertible {
  let description: String
  init(_ description: String) { self.description = description }
}
