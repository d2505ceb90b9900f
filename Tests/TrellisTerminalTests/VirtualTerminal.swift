import Foundation
import Trellis

@testable import TrellisTerminal

/// An in-memory terminal for the host's loop: it hands out scripted input, and keeps a grid of
/// what the written escape sequences would show, the way a real terminal does.
final class VirtualTerminal: TerminalDevice {
  var size: TerminalSize {
    didSet { grid = Self.blank(size) }
  }
  /// What is left to deliver, in order; when empty, the input ends.
  var script: [TerminalInput] = []
  /// Every write, in order.
  private(set) var writes: [String] = []
  /// The characters shown, row by row.
  private(set) var grid: [[Character]]
  private var row = 0
  private var column = 0
  /// Every place the host wrote past the last column, which a real terminal would wrap.
  private(set) var wraps: [String] = []
  /// Runs before each input is handed out (to look at the screen between keys).
  var beforeEachInput: ((VirtualTerminal) -> Void)?

  init(size: TerminalSize) {
    self.size = size
    grid = Self.blank(size)
  }

  static func blank(_ size: TerminalSize) -> [[Character]] {
    Array(repeating: Array(repeating: " ", count: size.columns), count: size.rows)
  }

  var wake: @Sendable () -> Void { {} }

  /// How many times, once the script is done, the loop may wait for background work (each
  /// wait as long as it asks) before the input ends.
  var idleLimit = 0
  private var idleRounds = 0

  func next(waitingAtMost milliseconds: Int?) -> TerminalInput {
    beforeEachInput?(self)
    if !script.isEmpty { return script.removeFirst() }
    guard let milliseconds, idleRounds < idleLimit else { return .closed }
    idleRounds += 1
    usleep(UInt32(milliseconds) * 1000)
    return .timedOut
  }

  /// Queues keys typed as text, and special keys as their bytes.
  func type(_ text: String) { script.append(.bytes(Array(text.utf8))) }

  /// The screen's lines, trailing spaces dropped.
  var lines: [String] {
    grid.map { String($0).replacingOccurrences(of: "\u{0}", with: "") }
      .map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
  }

  var text: String { lines.joined(separator: "\n") }

  func write(_ text: String) {
    writes.append(text)
    var scalars = Array(text.unicodeScalars)
    var index = 0
    while index < scalars.count {
      let scalar = scalars[index]
      if scalar == "\u{1B}", index + 1 < scalars.count, scalars[index + 1] == "[" {
        var end = index + 2
        while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) { end += 1 }
        guard end < scalars.count else { return }
        let parameters = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
        control(scalars[end], parameters)
        index = end + 1
        continue
      }
      put(Character(scalar))
      index += 1
    }
    scalars.removeAll()
  }

  private func control(_ final: Unicode.Scalar, _ parameters: String) {
    let numbers = parameters.split(separator: ";").map { Int($0) ?? 1 }
    switch final {
    case "H":
      row = max((numbers.first ?? 1) - 1, 0)
      column = max((numbers.count > 1 ? numbers[1] : 1) - 1, 0)
    case "J":
      if parameters == "2" { grid = Self.blank(size) }
    case "K":
      if parameters == "2", grid.indices.contains(row) {
        grid[row] = Array(repeating: " ", count: size.columns)
      }
    default: break  // colours, cursor visibility, the alternate screen
    }
  }

  private func put(_ character: Character) {
    guard grid.indices.contains(row) else { return }
    let width = TerminalText.width(of: character)
    // A real terminal would wrap here: the host must never write past the last column.
    guard column + width <= size.columns else {
      wraps.append("line \(row) wraps at column \(column): \(String(grid[row]))")
      return
    }
    grid[row][column] = character
    if width == 2 { grid[row][column + 1] = "\u{0}" }
    column += width
  }
}
