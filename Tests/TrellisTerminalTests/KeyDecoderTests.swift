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
    // Escape then a letter typed fast: Escape, then the letter.
    #expect(keys("\u{1B}q") == [.escape, .character("q")])
    #expect(keys("\u{1B}\u{1B}[A") == [.escape, .arrow(.up)])
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
