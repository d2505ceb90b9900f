/// Turns the bytes a terminal sends into ``Key``s: a pure value, fed bytes as they arrive.
///
/// It knows UTF-8 text, control characters, and the escape sequences xterm-like terminals send
/// for arrows (with Shift), Home, End, Page Up/Down, Delete and Shift-Tab (CSI and SS3 forms).
/// Escape directly followed by a printable character is Alt with that character
/// (``Key/alt(_:)``), as terminals send it. A bracketed paste (`ESC [200~` text `ESC [201~`)
/// is one ``Key/paste(_:)``, however many reads it takes, so that pasted text is never read as
/// keys. A sequence cut short by a read waits in ``pending`` for the next bytes; a lone Escape
/// is only known to be one when no more bytes follow, so the host calls ``flush()`` after a
/// short pause. Unknown or malformed sequences are dropped. Any byte sequence is safe: nothing
/// here traps, ``pending`` never holds more than ``maximumPending`` bytes, and a paste keeps
/// at most ``maximumPaste``.
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
  /// The most bytes of a paste kept; the rest of a longer one is dropped.
  public static let maximumPaste = 1 << 20
  /// How many flushes in a row, with no bytes between them, end a paste whose end never came
  /// (about a second at the host's wait of 40 ms).
  static let pasteGiveUp = 25
  /// What a terminal sends after pasted text.
  static let pasteEnd: [UInt8] = Array("\u{1B}[201~".utf8)

  /// The bytes of the paste under way, `nil` when none is.
  private var pasted: [UInt8]?
  /// Flushes since the last bytes came, while a paste is under way.
  private var quietFlushes = 0

  /// Whether more bytes are awaited to finish a key: a sequence cut short, or a paste.
  public var isWaiting: Bool { !pending.isEmpty || pasted != nil }

  /// Creates a decoder with nothing pending.
  public init() {}

  /// The keys in `bytes`, after whatever was pending; an incomplete sequence at the end waits.
  public mutating func decode(_ bytes: some Sequence<UInt8>) -> [Key] {
    pending.append(contentsOf: bytes)
    quietFlushes = 0
    var keys: [Key] = []
    var index = 0
    while index < pending.count {
      if pasted != nil {
        guard let end = pasteText(from: index, into: &keys) else { return keys }
        index = end
        continue
      }
      switch step(at: index) {
      case .key(let key, let length):
        keys.append(key)
        index += length
      case .pasteStart(let length):
        pasted = []
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
  /// decoded as if it had come alone. A paste under way waits on through ``pasteGiveUp``
  /// flushes in a row, then is a paste of what came.
  public mutating func flush() -> [Key] {
    if let text = pasted {
      // A paste waits for its end, as long as bytes keep coming; a long silence ends it.
      quietFlushes += 1
      guard quietFlushes >= Self.pasteGiveUp else { return [] }
      pasted = nil
      let rest = pending
      pending.removeAll()
      return [Self.paste(text + rest)]
    }
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
    /// `ESC [200~`: what follows, up to `ESC [201~`, is pasted text.
    case pasteStart(Int)
    case skip(Int)
    case incomplete
  }

  /// Takes the paste's text from `index` on: up to its end, which makes the paste a key and
  /// returns where decoding goes on; or all of it but a tail that may begin the end, which
  /// waits in ``pending`` (`nil` then: no more keys in these bytes).
  private mutating func pasteText(from index: Int, into keys: inout [Key]) -> Int? {
    let marker = Self.pasteEnd
    var start = index
    while start + marker.count <= pending.count {
      if pending[start] == marker[0], pending[start..<(start + marker.count)].elementsEqual(marker)
      {
        keep(pending[index..<start])
        keys.append(Self.paste(pasted ?? []))
        pasted = nil
        return start + marker.count
      }
      start += 1
    }
    // The longest tail that is the end cut short.
    var tail = min(marker.count - 1, pending.count - index)
    while tail > 0, !pending[(pending.count - tail)...].elementsEqual(marker[..<tail]) {
      tail -= 1
    }
    keep(pending[index..<(pending.count - tail)])
    pending.removeFirst(pending.count - tail)
    return nil
  }

  /// Adds `bytes` to the paste under way, up to ``maximumPaste``.
  private mutating func keep(_ bytes: ArraySlice<UInt8>) {
    let room = Self.maximumPaste - (pasted?.count ?? 0)
    if room > 0 { pasted?.append(contentsOf: bytes.prefix(room)) }
  }

  /// A paste of `bytes`, read as UTF-8.
  private static func paste(_ bytes: [UInt8]) -> Key {
    .paste(String(decoding: bytes, as: UTF8.self))
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
    case 0x20...0x7E:
      // Escape and a character in one read: Alt with it (a person types Escape, then a key,
      // in reads of their own).
      return .key(.alt(Character(Unicode.Scalar(next))), 2)
    case 0xC2...0xF4:
      switch utf8(at: index + 1) {
      case .key(.character(let character), let length): return .key(.alt(character), length + 1)
      case .incomplete: return .incomplete
      default: return .key(.escape, 1)
      }
    default:
      // Escape before a control key: Escape, then the key.
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
      case 200: return .pasteStart(length)
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
