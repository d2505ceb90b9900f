extension SectionEdits {
  /// One row inserted or deleted, at its position in the list as it is when the step is taken.
  public enum Step: Hashable, Sendable {
    /// A row inserted at this position.
    case insert(Int)
    /// The row at this position deleted.
    case delete(Int)
  }

  /// The edits that lead from a list to where `steps`, taken one after another, leave it: the
  /// rows deleted by their position before the first step, the rows inserted by their position
  /// after the last.
  ///
  /// A row inserted and then deleted appears in neither. A row deleted and inserted elsewhere
  /// (a move) appears in both. The rows in neither keep their order, so the edits are a valid
  /// batch update for a table showing the list before the steps.
  ///
  /// The cost is quadratic in the number of steps and independent of the list's length: this is
  /// for a few edits in a long list, whose positions the caller already knows. The positions
  /// are the caller's to keep in range; ``StagedChangeset/init(localEdits:rowCounts:to:options:)``
  /// reloads everything when the edits do not fit.
  public init(steps: [Step]) {
    // Deleted rows of the original list, by their original position, in ascending order.
    var deletes: [Int] = []
    // Inserted rows still present, by their position in the list as it now is.
    var inserts: [Int] = []
    for step in steps {
      switch step {
      case .insert(let position):
        for index in inserts.indices where inserts[index] >= position { inserts[index] += 1 }
        inserts.append(position)
      case .delete(let position):
        if let inserted = inserts.firstIndex(of: position) {
          inserts.remove(at: inserted)
        } else {
          // The row is an original one: its rank among the originals still listed, then the
          // original position of the row of that rank.
          var original = position - inserts.count { $0 < position }
          for deleted in deletes where deleted <= original { original += 1 }
          deletes.insert(original, at: deletes.firstIndex { $0 > original } ?? deletes.endIndex)
        }
        for index in inserts.indices where inserts[index] > position { inserts[index] -= 1 }
      }
    }
    self.init(deletes: deletes, inserts: inserts.sorted())
  }
}

extension SectionEdits {
  /// Applies the edits to `elements`, the list before them, in place: `inserted` holds the
  /// elements inserted, in the order of their positions after the edits, and a moved element
  /// is taken from where it was. Reloads change nothing here. Each edit moves the elements
  /// after it in memory, without copying the list.
  package func apply<Element>(to elements: inout [Element], inserting inserted: [Element]) {
    let sources = moves.map(\.source)
    let moved = Dictionary(
      zip(moves.map(\.target), sources.map { elements[$0] }), uniquingKeysWith: { a, _ in a })
    for position in (deletes + sources).sorted(by: >) { elements.remove(at: position) }
    var next = inserted.makeIterator()
    for position in (inserts + moves.map(\.target)).sorted() {
      guard let element = moved[position] ?? next.next() else { return }
      elements.insert(element, at: position)
    }
  }

  /// The same edits with each row deleted and inserted again at once, for which `isSame`
  /// says so (the same element), as a move.
  package func pairingMoves(_ isSame: (_ deleted: Int, _ inserted: Int) -> Bool) -> SectionEdits {
    var result = SectionEdits(reloads: reloads, moves: moves)
    var inserts = self.inserts
    for deleted in deletes {
      if let match = inserts.firstIndex(where: { isSame(deleted, $0) }) {
        result.moves.append(Move(source: deleted, target: inserts.remove(at: match)))
      } else {
        result.deletes.append(deleted)
      }
    }
    result.inserts = inserts
    return result
  }
}
