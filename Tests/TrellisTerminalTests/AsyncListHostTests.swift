import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisTesting

@testable import TrellisTerminal

/// The host's loop over a list whose store answers in the background: it waits while work is
/// under way, and draws each page as it arrives.
@Suite("Terminal host over an async store")
struct AsyncListHostTests {
  /// The host and its terminal, handed to the thread that runs the loop while the test waits.
  final class Loop: @unchecked Sendable {
    let host: TerminalHost
    let terminal: VirtualTerminal
    init(_ host: TerminalHost, _ terminal: VirtualTerminal) {
      self.host = host
      self.terminal = terminal
    }

    /// Runs the host's loop until the terminal has nothing more to type. The loop blocks while
    /// it waits, as on a real terminal: it runs on a thread of its own (not a dispatch queue,
    /// whose threads on Linux are the cooperative pool's), so that the store's pages, which
    /// arrive through that pool, are not kept waiting behind it.
    func run() async {
      await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
        let thread = Thread {
          self.host.run(on: self.terminal)
          done.resume()
        }
        thread.start()
      }
    }
  }

  @Test func pagesArriveWhileTheLoopWaits() async throws {
    let definition = try TasksApp.taskDefinition()
    let tasks = (1...20).map { TaskItem(name: "Task \($0)") }
    let service = AsyncStoreWrapper(
      MemoryStore(objects: tasks, definition: definition), latency: .milliseconds(20))
    let section = ArrayOfObjectsSection(store: service, definition: definition)
    section.fetchOptions.batchSize = 7
    let model = TableModel(title: "Tasks")
    model.addSection(section)
    let navigator = Navigator(root: Screen(model: model))
    let headless = HeadlessHost(model: model)
    // Eight rows show five of the table's lines: the first page's "Load more…" row is out of
    // view, so nothing more loads until the cursor goes there.
    let terminal = VirtualTerminal(size: TerminalSize(rows: 8, columns: 40))
    terminal.idleLimit = 400
    let host = TerminalHost(navigator: navigator, size: terminal.size, usesColor: false)
    let loop = Loop(host, terminal)
    await loop.run()
    let names = { model.snapshot.sections[0].items.compactMap(\.text) }
    #expect(names() == (1...7).map { "Task \($0)" } + ["Load more…"])
    #expect(terminal.text.contains("> | Task 1"))
    #expect(!terminal.text.contains("Loading…"))
    // End shows the "Load more…" row, which loads when shown; the next page arrives while the
    // loop waits, and the cursor is on its first row, where the list's end was.
    terminal.type("\u{1B}[F")
    await loop.run()
    #expect(names() == (1...14).map { "Task \($0)" } + ["Load more…"])
    #expect(terminal.text.contains("> | Task 8"))
    terminal.type("\u{1B}[F")
    await loop.run()
    #expect(names() == (1...20).map { "Task \($0)" })
    #expect(terminal.text.contains("> | Task 15"))
    try headless.check()
    #expect(terminal.wraps.isEmpty)
  }
}
