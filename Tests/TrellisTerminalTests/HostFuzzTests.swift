import Testing
import Trellis
import TrellisExamples
import TrellisTesting

@testable import TrellisTerminal

/// Random keys, and random bytes, against whole apps: the host never traps, never writes past
/// the last column, and every screen's table view keeps UITableView's contract.
@Suite("Terminal host under random keys")
struct HostFuzzTests {
  static let keys: [Key] = [
    .arrow(.up), .arrow(.down), .arrow(.left), .arrow(.right), .arrow(.up, shift: true),
    .arrow(.down, shift: true), .enter, .enter, .escape, .backspace, .tab, .backTab, .pageDown,
    .pageUp, .home, .end, .delete, .control("s"), .control("u"), .control("d"), .character(" "),
    .character("e"), .character("d"), .character("a"), .character("/"), .character("?"),
    .character("J"), .character("K"), .character("i"), .character("r"), .character("x"),
    .character("7"), .character("-"), .character("é"), .character("q"), .character("n"),
  ]

  @Test func randomKeysOnTheTasksApp() throws {
    let (navigator, _) = try TasksApp.sampleNavigator()
    let app = HeadlessApp(navigator: navigator)
    let terminal = VirtualTerminal(size: TerminalSize(rows: 16, columns: 44))
    let host = TerminalHost(navigator: navigator, size: terminal.size, usesColor: true)
    var writer = FrameWriter()
    var generator = SplitMix(seed: 7)
    for step in 0..<3000 {
      let key = Self.keys[Int(generator.next() % UInt64(Self.keys.count))]
      host.handle(key)
      if host.exit != nil { host.exit = nil }
      if step % 500 == 499 {
        terminal.size = TerminalSize(
          rows: 6 + Int(generator.next() % 40), columns: 20 + Int(generator.next() % 150))
        host.size = terminal.size
        writer.invalidate()
      }
      host.draw(on: terminal, writer: &writer)
      for screen in navigator.stack { try app.host(for: screen).check() }
    }
    #expect(terminal.wraps.isEmpty, "\(terminal.wraps.prefix(3))")
  }

  @Test func randomBytesOnAListInEditMode() throws {
    let (model, section) = StringsExample.model()
    section.content = (0..<30).map { "Row \($0)" }
    let navigator = Navigator(root: Screen(model: model, navigationBar: .editRight))
    let headless = HeadlessHost(model: model)
    let terminal = VirtualTerminal(size: TerminalSize(rows: 10, columns: 30))
    let host = TerminalHost(navigator: navigator, size: terminal.size, usesColor: false)
    var writer = FrameWriter()
    var decoder = KeyDecoder()
    var generator = SplitMix(seed: 99)
    host.handle(.character("e"))
    for _ in 0..<2000 {
      let bytes = (0..<Int(generator.next() % 6)).map { _ in
        UInt8(truncatingIfNeeded: generator.next())
      }
      for key in decoder.decode(bytes) where key != .character("q") && key != .control("c") {
        host.handle(key)
      }
      host.draw(on: terminal, writer: &writer)
      try headless.check()
    }
    #expect(terminal.wraps.isEmpty, "\(terminal.wraps.prefix(3))")
  }
}
