/// Marks the elements of a longest strictly increasing subsequence.
///
/// Patience sorting, O(n log n) time, three `Int32` buffers of scratch space. The elements
/// outside the subsequence are the fewest that must move for the rest to keep their order.
@usableFromInline
enum LongestIncreasingSubsequence {
  /// Sets `keep[k]` to `true` for each `values[k]` in one longest increasing subsequence and
  /// to `false` for the others. `keep` must have the same count as `values`.
  ///
  /// - Returns: The length of the subsequence: `values.count` when nothing moves.
  @discardableResult @inlinable static func mark(
    _ values: UnsafeBufferPointer<Int32>, into keep: UnsafeMutableBufferPointer<Bool>
  ) -> Int {
    let count = values.count
    guard count > 0 else { return 0 }
    // Fast path: already in order, nothing moves.
    var sorted = true
    for k in 1..<count where values[k] <= values[k - 1] {
      sorted = false
      break
    }
    if sorted {
      keep.update(repeating: true)
      return count
    }
    keep.update(repeating: false)
    // tails[l] = position in `values` of the smallest tail of an increasing run of length l+1;
    // tailValues[l] = that tail's value, kept beside it so the search reads one array.
    let tails = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    let tailValues = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    let previous = UnsafeMutableBufferPointer<Int32>.allocate(capacity: count)
    defer {
      tails.deallocate()
      tailValues.deallocate()
      previous.deallocate()
    }
    var length = 0
    for k in 0..<count {
      let value = values[k]
      var low: Int
      if length > 0 && tailValues[length - 1] < value {
        // Extending the longest run is the common case for lightly shuffled input.
        low = length
      } else if length > 1 && tailValues[length - 2] < value {
        // Replacing the last tail: the next value after an element moved far ahead.
        low = length - 1
      } else {
        low = 0
        var high = length
        while low < high {
          let mid = (low &+ high) >> 1
          if tailValues[mid] < value { low = mid &+ 1 } else { high = mid }
        }
      }
      previous[k] = low > 0 ? tails[low - 1] : -1
      tails[low] = Int32(truncatingIfNeeded: k)
      tailValues[low] = value
      if low == length { length += 1 }
    }
    var k = Int(tails[length - 1])
    while k >= 0 {
      keep[k] = true
      k = Int(previous[k])
    }
    return length
  }

  /// Convenience for tests and small inputs: the positions in the subsequence.
  @inlinable static func positions(of values: [Int32]) -> [Int] {
    var keep = [Bool](repeating: false, count: values.count)
    _ = values.withUnsafeBufferPointer { v in
      keep.withUnsafeMutableBufferPointer { mark(v, into: $0) }
    }
    return keep.indices.filter { keep[$0] }
  }
}
