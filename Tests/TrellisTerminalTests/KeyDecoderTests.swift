import Testing

@testable import TrellisTerminal

/// Bytes into keys: the sequences terminals send, cut anywhere, and garbage.
@Suite("Key decoder")
struct KeyDecoderTests {
  func keys(_ bytes: [UInt8]) -> [Key] {
    var decoder = KeyDecoder()
    return decoder.decode(bytes) + decoder.flush()
  }

  func keys(_ text: String) -> [Key] { keys(Array(text.utf8)) }

  @Test func textControlsAndEditingKeys() {
    #expect(keys("ab ") == [.character("a"), .character("b"), .character(" ")])
    #expect(
      keys([0x0D, 0x0A, 0x09, 0x7F, 0x08]) == [.enter, .enter, .tab, .backspace, .backspace])
    #expect(keys([0x13, 0x03, 0x04]) == [.control("s"), .control("c"), .control("d")])
    #expect(keys("é✓🙂") == [.character("é"), .character("✓"), .character("🙂")])
    #expect(keys([0x00, 0x1C, 0x1F]) == [])
  }

  @Test func escapeSequences() {
    #expect(
      keys("\u{1B}[A\u{1B}[B\u{1B}[C\u{1B}[D") == [
        .arrow(.up), .arrow(.down), .arrow(.right), .arrow(.left),
      ])
    #expect(keys("\u{1B}OA\u{1B}OH\u{1B}OF") == [.arrow(.up), .home, .end])
    #expect(
      keys("\u{1B}[1;2A\u{1B}[1;2B\u{1B}[1;5C") == [
        .arrow(.up, shift: true), .arrow(.down, shift: true), .arrow(.right),
      ])
    #expect(
      keys("\u{1B}[3~\u{1B}[5~\u{1B}[6~\u{1B}[1~\u{1B}[4~\u{1B}[H\u{1B}[F\u{1B}[Z") == [
        .delete, .pageUp, .pageDown, .home, .end, .home, .end, .backTab,
      ])
    // Unknown sequences are dropped whole, and what follows still decodes.
    #expect(keys("\u{1B}[99~x\u{1B}[?1;2cy") == [.character("x"), .character("y")])
  }

  @Test func loneEscapeWaitsForFlush() {
    var decoder = KeyDecoder()
    #expect(decoder.decode([0x1B]) == [])
    #expect(decoder.pending == [0x1B])
    #expect(decoder.flush() == [.escape])
    #expect(decoder.pending.isEmpty)
    // Escape alone in a read, then a letter in the next: Escape, then the letter.
    var typed = KeyDecoder()
    #expect(
      typed.decode([0x1B]) + typed.flush() + typed.decode(Array("q".utf8)) == [
        .escape, .character("q"),
      ])
    #expect(keys("\u{1B}\u{1B}[A") == [.escape, .arrow(.up)])
    #expect(keys("\u{1B}\r") == [.escape, .enter])
  }

  /// Alt with a key comes as Escape and the key in one read: one key, not Escape then the key
  /// (which would answer "Discard the changes? (y/n)" with y).
  @Test func escapeAndACharacterInOneReadIsAlt() {
    #expect(keys("\u{1B}y") == [.alt("y")])
    #expect(keys("\u{1B}b\u{1B}B\u{1B} ") == [.alt("b"), .alt("B"), .alt(" ")])
    #expect(keys("\u{1B}é") == [.alt("é")])
    #expect(keys("a\u{1B}yb") == [.character("a"), .alt("y"), .character("b")])
    // Escape sequences are still what they were.
    #expect(keys("\u{1B}[A\u{1B}OB") == [.arrow(.up), .arrow(.down)])
    #expect(Key.alt("y").description == "Alt-y")
  }

  /// A bracketed paste is one key, whatever it holds: newlines, tabs, letters that are
  /// commands elsewhere, escape sequences.
  @Test func aBracketedPasteIsOneKey() {
    let text = "Pasted line1\rsecond line\ttabbed\u{1B}[Aed"
    #expect(keys("\u{1B}[200~" + text + "\u{1B}[201~x") == [.paste(text), .character("x")])
    #expect(keys("\u{1B}[200~\u{1B}[201~") == [.paste("")])
    // Cut anywhere, across reads, the paste is the same.
    let bytes = Array(("j\u{1B}[200~" + text + "\u{1B}[201~k").utf8)
    for cut in 0...bytes.count {
      var decoder = KeyDecoder()
      var result = decoder.decode(bytes[..<cut])
      #expect(decoder.pending.count <= KeyDecoder.maximumPending)
      result += decoder.decode(bytes[cut...])
      result += decoder.flush()
      #expect(result == [.character("j"), .paste(text), .character("k")], "cut at \(cut)")
    }
  }

  /// A paste waits for its end while the terminal is quiet for a moment; one whose end never
  /// comes ends after a longer silence, as a paste, not as keys.
  @Test func aPasteWithoutItsEndEndsAfterASilence() {
    var decoder = KeyDecoder()
    #expect(decoder.decode(Array("\u{1B}[200~dd\u{1B}[20".utf8)) == [])
    #expect(decoder.isWaiting)
    for _ in 1..<KeyDecoder.pasteGiveUp { #expect(decoder.flush() == []) }
    #expect(decoder.flush() == [.paste("dd\u{1B}[20")])
    #expect(!decoder.isWaiting)
    #expect(decoder.decode(Array("d".utf8)) == [.character("d")])
    // A huge paste keeps its first bytes only.
    var huge = KeyDecoder()
    let long = [UInt8](repeating: 0x61, count: KeyDecoder.maximumPaste + 10)
    let pasted = huge.decode(Array("\u{1B}[200~".utf8) + long + Array("\u{1B}[201~".utf8))
    #expect(pasted == [.paste(String(repeating: "a", count: KeyDecoder.maximumPaste))])
  }

  @Test func sequencesCutAnywhereDecodeTheSame() {
    let text = "a\u{1B}[1;2Aé🙂\u{1B}[5~\u{1B}OB\r"
    let bytes = Array(text.utf8)
    let whole = keys(bytes)
    #expect(whole.count == 7)
    for cut in 0...bytes.count {
      var decoder = KeyDecoder()
      var result = decoder.decode(bytes[..<cut])
      result += decoder.decode(bytes[cut...])
      result += decoder.flush()
      #expect(result == whole, "cut at \(cut)")
    }
  }

  @Test func malformedUTF8IsSkipped() {
    #expect(
      keys([0xFF, 0x61, 0xC3, 0x28, 0xE2, 0x82, 0x62]) == [
        .character("a"), .character("("), .character("b"),
      ])
    #expect(keys([0xED, 0xA0, 0x80]) == [])  // an encoded surrogate
  }

  @Test func fuzzNeverTrapsAndKeepsLittle() {
    var generator = SplitMix(seed: 15)
    var decoder = KeyDecoder()
    let interesting: [UInt8] = [0x1B, 0x5B, 0x4F, 0x3B, 0x31, 0x7E, 0xE2, 0xF0, 0x9F, 0x80, 0x0D]
    for round in 0..<20_000 {
      let count = Int(generator.next() % 12)
      var bytes: [UInt8] = []
      for _ in 0..<count {
        let r = generator.next()
        bytes.append(
          r % 3 == 0
            ? interesting[Int(r / 3 % UInt64(interesting.count))]
            : UInt8(truncatingIfNeeded: r >> 8))
      }
      _ = decoder.decode(bytes)
      #expect(decoder.pending.count <= KeyDecoder.maximumPending)
      if round % 7 == 0 { _ = decoder.flush() }
    }
    // A long run of parameter bytes is garbage, not a wait without end.
    var long = KeyDecoder()
    _ = long.decode([0x1B, 0x5B] + Array(repeating: 0x31, count: 100))
    #expect(long.pending.isEmpty)
  }
}

/// A small deterministic generator, so that a failing fuzz round can be found again.
struct SplitMix {
  var state: UInt64
  init(seed: UInt64) { state = seed }
  mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
