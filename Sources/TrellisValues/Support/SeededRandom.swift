/// A small, fast, seeded random number generator (SplitMix64), so that every randomized test
/// and benchmark input, and every seeded example (a Go Fish deal, generated contacts), can be
/// replayed from its seed.
///
/// ```swift
/// var random = SeededRandom(seed: 42)
/// let index = Int.random(in: 0..<10, using: &random)
/// ```
public struct SeededRandom: RandomNumberGenerator, Sendable {
  private var state: UInt64

  /// Creates a generator that always produces the same sequence for `seed`.
  public init(seed: UInt64) { state = seed }

  /// The next 64 random bits.
  public mutating func next() -> UInt64 {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return z ^ (z >> 31)
  }
}
