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
      if app.top !== app.navigator.stack.first {
        session.form = app.top
        // A name typed in an earlier form, taken back as theirs here, is no rename of this one.
        session.typed = []
        note([name], session, "opens \(app.top.draft.map(describe) ?? "a screen")")
      }
    } else if roll < 60 || items.count < 6 {
      let name = nextName("a")
      let index = random.next() % 2 == 0 ? nil : Int.random(in: 0...items.count, using: &random)
      note([name], session, "adds at \(index.map(String.init) ?? "the end")")
      background(name) {
        try await store.insertItem(named: name, at: index)
      } done: {
        $0.inserts.append(name)
      }
    } else if roll < 75, let item = items.randomElement(using: &random) {
      let name = (item.objectValue as? ConvergeItem)?.name
      note([name], session, "deletes")
      background(name) {
        try await store.deleteItem(item)
      } done: {
        $0.deletes += 1
      }
    } else if let item = items.randomElement(using: &random) {
      let after = random.next() % 4 == 0 ? nil : items.randomElement(using: &random)
      guard after?.objectValue !== item.objectValue else { return }
      let name = (item.objectValue as? ConvergeItem)?.name
      let afterName = (after?.objectValue as? ConvergeItem)?.name
      note([name, afterName], session, "moves \(name ?? "?") after \(afterName ?? "nothing")")
      background(name) {
        try await store.moveItem(item, after: after)
      } done: {
        $0.moves += 1
      }
    }
  }

  private func playOnForm(_ session: Session) {
    guard let form = session.form, let draft = form.draft, !form.isCommitting else { return }
    let app = session.app
    let pending = draft.value("name")?.stringValue
    if !draft.conflicts.isEmpty {
      conflicts += 1
      if random.next() % 2 == 0 {
        // Theirs is the name now: nothing of this person's is written over anyone's.
        note([pending], session, "\(describe(draft)): takes theirs")
        session.done = nil
        try? app.send(.takeTheirs)
      } else {
        session.done = doneRecord(session, draft)
        note([pending], session, "\(describe(draft)): Done again over the conflict")
        try? app.send(.done)
      }
    } else if form.notice != nil {
      // The item is gone, or the database was away: this person gives up.
      note([pending], session, "\(describe(draft)): cancels after “\(form.notice ?? "")”")
      session.done = nil
      try? app.send(.cancel)
      session.form = nil
    } else if !draft.hasChanges || random.next() % 2 == 0 {
      let name = nextName("r")
      session.typed.insert(name)
      try? app.enter(.string(name), at: "Name")
      note([name], session, "\(describe(draft)): typed")
    } else {
      session.done = doneRecord(session, draft)
      note([pending], session, "\(describe(draft)): Done")
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
    note(
      [form.draft?.lastCommit.first(where: { $0.name == "name" })?.value.stringValue],
      session, "form closed, recorded \(session.done.map { "\($0)" } ?? "nothing")")
    guard let done = session.done, let base = done.base, case .string(let name) = done.name,
      form.draft?.lastCommit.contains(where: { $0.name == "name" && $0.value == done.name }) == true
    else { return }
    renames.append((name, base))
  }

  /// Runs `write` in the background, as a server runs a request; `done` records what it
  /// acknowledged.
  private func background(
    _ name: String?, _ write: @escaping @Sendable () async throws -> Void,
    done: @escaping @Sendable (inout Acknowledged) -> Void
  ) {
    let acknowledged = acknowledged
    let trace = trace
    let asked = "step \(step)"
    writes.append(
      Task {
        do {
          try await write()
          acknowledged.value.withLock { done(&$0) }
          trace.note([name], "the write of \(asked) was acknowledged")
        } catch {
          acknowledged.value.withLock { $0.refusals += 1 }
          trace.note([name], "the write of \(asked) was refused: \(error)")
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
