import Foundation
import Trellis
import TrellisTesting

/// The random steps: on a list, open a form or add, delete or move an item through the
/// session's server; on a form, type a new name, press Done, and after a conflict take theirs
/// or press Done again.
extension ConvergeRun {
  func play(_ session: Session) {
    noteClosedForm(of: session)
    if session.form != nil {
      playOnForm(session)
    } else {
      playOnList(session)
    }
  }

  private func playOnList(_ session: Session) {
    let app = session.app
    guard let section = app.top.model.sections.first as? ArrayOfObjectsSection else { return }
    let items = section.currentItems
    let store = stores[session.server]
    let roll = Int.random(in: 0..<100, using: &random)
    if roll < 35, let item = items.randomElement(using: &random),
      let name = (item.objectValue as? ConvergeItem)?.name
    {
      try? app.tap(name)
      if app.top !== app.navigator.stack.first { session.form = app.top }
    } else if roll < 60 || items.count < 6 {
      let name = nextName("a")
      let index = random.next() % 2 == 0 ? nil : Int.random(in: 0...items.count, using: &random)
      background {
        try await store.insertItem(named: name, at: index)
      } done: {
        $0.inserts.append(name)
      }
    } else if roll < 75, let item = items.randomElement(using: &random) {
      background {
        try await store.deleteItem(item)
      } done: {
        $0.deletes += 1
      }
    } else if let item = items.randomElement(using: &random) {
      let after = random.next() % 4 == 0 ? nil : items.randomElement(using: &random)
      guard after?.objectValue !== item.objectValue else { return }
      background {
        try await store.moveItem(item, after: after)
      } done: {
        $0.moves += 1
      }
    }
  }

  private func playOnForm(_ session: Session) {
    guard let form = session.form, let draft = form.draft, !form.isCommitting else { return }
    let app = session.app
    if !draft.conflicts.isEmpty {
      conflicts += 1
      if random.next() % 2 == 0 {
        // Theirs is the name now: nothing of this person's is written over anyone's.
        session.done = nil
        try? app.send(.takeTheirs)
      } else {
        session.done = doneRecord(session, draft)
        try? app.send(.done)
      }
    } else if form.notice != nil {
      // The item is gone, or the database was away: this person gives up.
      session.done = nil
      try? app.send(.cancel)
      session.form = nil
    } else if !draft.hasChanges || random.next() % 2 == 0 {
      let name = nextName("r")
      session.typed.insert(name)
      try? app.enter(.string(name), at: "Name")
    } else {
      session.done = doneRecord(session, draft)
      try? app.send(.done)
    }
    noteClosedForm(of: session)
  }

  /// The rename a Done makes: the name the person typed and where their form started; none
  /// when the name is one they took from someone else (Take Theirs, then Done again).
  private func doneRecord(_ session: Session, _ draft: Draft) -> (name: Value, base: Value?)? {
    guard case .string(let name)? = draft.value("name"), session.typed.contains(name) else {
      return nil
    }
    return (.string(name), draft.expectedValues["name"])
  }

  /// A form that closed after Done wrote its name: that rename is acknowledged.
  func noteClosedForm(of session: Session) {
    guard let form = session.form, !session.app.navigator.stack.contains(where: { $0 === form })
    else { return }
    session.form = nil
    defer { session.done = nil }
    guard let done = session.done, let base = done.base, case .string(let name) = done.name,
      form.draft?.lastCommit.contains(where: { $0.name == "name" && $0.value == done.name }) == true
    else { return }
    renames.append((name, base))
  }

  /// Runs `write` in the background, as a server runs a request; `done` records what it
  /// acknowledged.
  private func background(
    _ write: @escaping @Sendable () async throws -> Void,
    done: @escaping @Sendable (inout Acknowledged) -> Void
  ) {
    let acknowledged = acknowledged
    writes.append(
      Task {
        do {
          try await write()
          acknowledged.value.withLock { done(&$0) }
        } catch {
          acknowledged.value.withLock { $0.refusals += 1 }
        }
      })
  }

  /// The database's next fault; a server it took down is replaced with a new one, whose
  /// sessions open again.
  func fault() async throws {
    faults += 1
    guard let server = try await database.fault(faults, servers: stores, random: &random)
    else { return }
    stores[server] = try database.server()
    for index in sessions.indices where sessions[index].server == server {
      sessions[index] = session(on: server)
    }
  }

  /// Lets every write finish and every form close.
  func rest() async throws {
    for write in writes { await write.value }
    writes.removeAll()
    for session in sessions {
      try await session.app.settle()
      noteClosedForm(of: session)
      if session.form != nil {
        try? session.app.send(.cancel)
        session.form = nil
      }
    }
  }
}
