import Foundation
import Trellis
import TrellisExamples

@testable import TrellisWeb

/// Notes that belong to people: an app and its API under a policy where members see and
/// change only their own notes, readers see all and change none, and admins do anything.
struct NotesFixture {
  /// A note: its number (the API's id), title and owner.
  final class Note {
    var number = 0
    var title = ""
    var owner = ""
  }

  let store: MemoryStore
  let app: WebApp

  /// Ann's note 1 and Bob's note 2.
  init() throws {
    var definition = try DataDefinition(
      for: Note.self,
      properties: [
        .init("number", \Note.number), .init("title", \Note.title), .init("owner", \Note.owner),
      ], make: { Note() })
    definition.titlePropertyNames = ["title"]
    let notes = [(1, "Note of Ann", "ann"), (2, "Note of Bob", "bob")].map { number, title, owner in
      let note = Note()
      note.number = number
      note.title = title
      note.owner = owner
      return note
    }
    let store = MemoryStore(objects: notes, definition: definition)
    let shown = definition
    var app = WebApp(id: "notes", title: "Notes") {
      Navigator(root: TasksApp.listScreen(store: store, definition: shown))
    }
    app.policy = try Self.policy()
    app.apis = [
      try StoreAPI(store: store, definition: definition, path: "/api/notes/", idKey: "number")
    ]
    self.store = store
    self.app = app
  }

  static func policy() throws -> AccessPolicy {
    AccessPolicy(
      rules: [
        AccessRule(roles: ["admin"], Set(Permission.allCases)),
        AccessRule(
          roles: ["member"], [.view, .add, .edit, .delete],
          rows: try Predicate("owner == $person")),
        AccessRule(roles: ["reader"], [.view]),
      ], ownerKey: "owner")
  }
}
