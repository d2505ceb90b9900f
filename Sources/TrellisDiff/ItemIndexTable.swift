/// A hash table from item identifiers to item indices that stores no identifiers.
///
/// Each slot is 8 bytes, whatever the identifier's size: 32 bits of the identifier's hash and a
/// 32-bit value. The identifier of a candidate is read back from the item its value names,
/// through the `matches` closure, and only when the stored hash bits agree. A probe reads one
/// slot array instead of a dictionary's key and value arrays; on a large list, those cache
/// misses are most of what a diff costs.
///
/// Linear probing, at most three quarters full. The value `-1` is reserved (an empty slot).
@usableFromInline
final class ItemIndexTable {
  /// An empty slot: no stored value is `-1`, so no full slot has all bits set.
  @usableFromInline static let empty = UInt64.max

  @usableFromInline var slots: UnsafeMutablePointer<UInt64>
  @usableFromInline var mask: Int
  @usableFromInline var count = 0
  /// The count above which the table grows.
  @usableFromInline var limit: Int

  /// Creates a table sized for `capacity` entries without growing.
  @inlinable init(capacity: Int) {
    var buckets = 8
    while buckets / 4 * 3 < capacity { buckets &*= 2 }
    slots = .allocate(capacity: buckets)
    slots.initialize(repeating: Self.empty, count: buckets)
    mask = buckets &- 1
    limit = buckets / 4 * 3
  }

  deinit { slots.deallocate() }

  /// Returns the value stored for an equal identifier, or stores `value` and returns `nil`.
  ///
  /// - Parameters:
  ///   - hash: The identifier's `hashValue`.
  ///   - matches: Whether the item a stored value names has the identifier being looked up.
  @inlinable func findOrInsert(
    _ value: Int32, hash: Int, matches: (Int32) -> Bool
  ) -> Int32? {
    let tag = UInt64(truncatingIfNeeded: UInt32(truncatingIfNeeded: hash)) << 32
    var bucket = hash & mask
    while true {
      let slot = slots[bucket]
      if slot == Self.empty { break }
      if slot & 0xFFFF_FFFF_0000_0000 == tag {
        let stored = Int32(truncatingIfNeeded: slot)
        if matches(stored) { return stored }
      }
      bucket = (bucket &+ 1) & mask
    }
    slots[bucket] = tag | UInt64(UInt32(bitPattern: value))
    count &+= 1
    if count > limit { grow() }
    return nil
  }

  /// Doubles the slot count and places every entry again by its stored hash bits.
  @usableFromInline func grow() {
    let oldSlots = slots
    let oldCount = mask &+ 1
    let buckets = oldCount &* 2
    slots = .allocate(capacity: buckets)
    slots.initialize(repeating: Self.empty, count: buckets)
    mask = buckets &- 1
    limit = buckets / 4 * 3
    for k in 0..<oldCount where oldSlots[k] != Self.empty {
      let slot = oldSlots[k]
      var bucket = Int(truncatingIfNeeded: slot >> 32) & mask
      while slots[bucket] != Self.empty { bucket = (bucket &+ 1) & mask }
      slots[bucket] = slot
    }
    oldSlots.deallocate()
  }
}
