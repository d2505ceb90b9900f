/// Turns the bytes a terminal sends into ``Key``s: a pure value, fed bytes as they arrive.
///
/// It knows UTF-8 text, control characters, and the escape sequences xterm-like terminals send
/// for arrows (with Shift), Home, End, Page Up/Down, Delete and Shift-Tab (CSI and SS3 forms).
/// A sequence cut short by a read waits in ``pending`` for the next bytes; a lone Escape is
/// only known to be one when no more bytes follow, so the host calls ``flush()`` after a short
/// pause. Unknown or malformed sequences are dropped. Any byte sequence is safe: nothing here
/// traps, and ``pending`` never holds more than ``maximumPending`` bytes.
///
/// ```swift
/// var decoder = KeyDecoder()
/// decoder.decode([0x1B, 0x5B, 0x41])  // [.arrow(.up, shift: false)]
/// ```
public struct KeyDecoder: Sendable, Hashable {
  /// Bytes of a sequence not yet complete.
  public private(set) var pending: [UInt8] = []
  /// The longest escape sequence kept while waiting; a longer one is dropped as garbage.
  public static let maximumPending = 32

  /// Creates a decoder with nothing pending.
  public init() {}

  /// The keys in `bytes`, after whatever was pending; an incomplete sequence at the end waits.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      switch step(at: index) {
      case .key(let key, let length):
        keys.append(key)
        index += length
      case .skip(let length):
        index += length
      case .incomplete:
        // A sequence longer than any key is garbage: dropped, never waited on forever.
        if pending.count - index > Self.maximumPending {
          pending.removeAll()
        } else {
          pending.removeFirst(index)
        }
        return keys
      }
    }
    pending.removeAll()
    return keys
  }

  /// Ends the wait for more bytes: a pending Escape is a key of its own; what follows it is
  /// decoded as if it had come alone.
  public mutating func flush() -> [Key] {
    guard !pending.isEmpty else { return [] }
    let bytes = pending
    pending.removeAll()
    guard bytes.first == 0x1B else { return [] }
    var rest = KeyDecoder()
    var keys: [Key] = [.escape]
    keys += rest.decode(bytes.dropFirst())
    // A second cut-short sequence is dropped rather than kept waiting.
    if rest.pending.first == 0x1B { keys.append(.escape) }
    return keys
  }

  private enum Step {
    case key(Key, Int)
    case skip(Int)
    case incomplete
  }

  private func step(at index: Int) -> Step {
    let byte = pending[index]
    switch byte {
    case 0x1B: return escape(at: index)
    case 0x0D, 0x0A: return .key(.enter, 1)
    case 0x09: return .key(.tab, 1)
    case 0x7F, 0x08: return .key(.backspace, 1)
    case 0x01...0x1A: return .key(.control(Character(Unicode.Scalar(byte + 0x60))), 1)
    case 0x00...0x1F: return .skip(1)
    case 0x20...0x7E: return .key(.character(Character(Unicode.Scalar(byte))), 1)
    default: return utf8(at: index)
    }
  }

  /// A UTF-8 character of two to four bytes; a stray or malformed byte is skipped.
  private func utf8(at index: Int) -> Step {
    let lead = pending[index]
    let length: Int
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0...0xEF: length = 3
    case 0xF0...0xF4: length = 4
    default: return .skip(1)
    }
    var end = index + 1
    while end < pending.count, end < index + length {
      guard pending[end] & 0xC0 == 0x80 else { return .skip(end - index) }
      end += 1
    }
    guard end - index == length else { return .incomplete }
    let text = String(decoding: pending[index..<end], as: UTF8.self)
    guard let character = text.first, !text.unicodeScalars.contains("\u{FFFD}") else {
      return .skip(length)
    }
    return .key(.character(character), length)
  }

  /// An escape sequence: CSI (`ESC [`), SS3 (`ESC O`), or Escape before another key.
  private func escape(at index: Int) -> Step {
    guard index + 1 < pending.count else { return .incomplete }
    let next = pending[index + 1]
    switch next {
    case UInt8(ascii: "["): return csi(at: index)
    case UInt8(ascii: "O"):
      guard index + 2 < pending.count else { return .incomplete }
      guard let key = Self.final(pending[index + 2], shift: false) else { return .skip(3) }
      return .key(key, 3)
    case 0x1B:
      // Escape pressed twice: the first is a key of its own.
      return .key(.escape, 1)
    default:
      // Alt with a key, or Escape then a key typed fast: Escape, then the key.
      return .key(.escape, 1)
    }
  }

  /// `ESC [ params final`: parameters 0x30–0x3F, intermediates 0x20–0x2F, a final 0x40–0x7E.
  private func csi(at index: Int) -> Step {
    var end = index + 2
    while end < pending.count, (0x20...0x3F).contains(pending[end]) { end += 1 }
    guard end < pending.count else { return .incomplete }
    let final = pending[end]
    let length = end - index + 1
    guard (0x40...0x7E).contains(final) else { return .skip(end - index) }
    let parameters = String(decoding: pending[(index + 2)..<end], as: UTF8.self)
      .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) }
    let modifier = parameters.count > 1 ? (parameters[1] ?? 1) : 1
    let shift = modifier > 1 && (modifier - 1) & 1 == 1
    if final == UInt8(ascii: "~") {
      switch parameters.first ?? nil {
      case 1, 7: return .key(.home, length)
      case 4, 8: return .key(.end, length)
      case 3: return .key(.delete, length)
      case 5: return .key(.pageUp, length)
      case 6: return .key(.pageDown, length)
      default: return .skip(length)
      }
    }
    if final == UInt8(ascii: "Z") { return .key(.backTab, length) }
    guard let key = Self.final(final, shift: shift) else { return .skip(length) }
    return .key(key, length)
  }

  /// The key a final byte names in CSI and SS3 sequences.
  private static func final(_ byte: UInt8, shift: Bool) -> Key? {
    switch byte {
    case UInt8(ascii: "A"): .arrow(.up, shift: shift)
    case UInt8(ascii: "B"): .arrow(.down, shift: shift)
    case UInt8(ascii: "C"): .arrow(.right, shift: shift)
    case UInt8(ascii: "D"): .arrow(.left, shift: shift)
    case UInt8(ascii: "H"): .home
    case UInt8(ascii: "F"): .end
    default: nil
    }
  }
}
