import TrellisDiff

/// The fewest moves a diff can report, computed independently of the engine.
///
/// An item that changes section must move; inside a section kept on both sides, the matched
/// items outside a longest increasing subsequence of old positions move; sections follow the
/// same rule among themselves.
enum OptimalMoves {
  static func count<S: Diffable, E: Diffable>(old: Snapshot<S, E>, new: Snapshot<S, E>) -> Int {
    var oldPlace: [E.DiffID: (section: S.DiffID, index: Int)] = [:]
    for section in old.sections {
      for (k, item) in section.items.enumerated() {
        oldPlace[item.diffID] = (section.model.diffID, k)
      }
    }
    let oldSectionIndex = Dictionary(
      old.sections.enumerated().map { ($1.model.diffID, $0) }, uniquingKeysWith: { a, _ in a })
    var moves = 0
    var sectionPositions: [Int] = []
    for section in new.sections {
      if let index = oldSectionIndex[section.model.diffID] { sectionPositions.append(index) }
      var positions: [Int] = []
      for item in section.items {
        guard let place = oldPlace[item.diffID] else { continue }
        if place.section == section.model.diffID {
          positions.append(place.index)
        } else {
          moves += 1
        }
      }
      moves += positions.count - lisLength(positions)
    }
    return moves + sectionPositions.count - lisLength(sectionPositions)
  }

  /// The length of a longest strictly increasing subsequence (patience sorting).
  static func lisLength(_ values: [Int]) -> Int {
    var tails: [Int] = []
    for value in values {
      var low = 0
      var high = tails.count
      while low < high {
        let mid = (low + high) / 2
        if tails[mid] < value { low = mid + 1 } else { high = mid }
      }
      if low == tails.count { tails.append(value) } else { tails[low] = value }
    }
    return tails.count
  }
}
