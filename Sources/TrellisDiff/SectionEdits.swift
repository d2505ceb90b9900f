/// Edits of one section whose positions are already known, so that no diff has to find them:
/// rows whose content changed in place, rows that appeared, disappeared or moved, or a list's
/// tail that grew.
///
/// Deletes and reloads are positions before the edit, inserts positions after it, and a move
/// goes from a position before to one after, as in ``Changeset``. See
/// ``StagedChangeset/init(localEdits:rowCounts:to:options:)``.
public struct SectionEdits: Hashable, Sendable {
  /// Rows removed, by position before the edit.
  public var deletes: [Int]
  /// Rows added, by position after the edit.
  public var inserts: [Int]
  /// Rows whose content changed in place, by position before the edit.
  public var reloads: [Int]
  /// Rows that moved, keeping their content, from their position before the edit to their
  /// position after it.
  public var moves: [Move<Int>]

  /// Creates the edits of one section.
  public init(
    deletes: [Int] = [], inserts: [Int] = [], reloads: [Int] = [], moves: [Move<Int>] = []
  ) {
    self.deletes = deletes
    self.inserts = inserts
    self.reloads = reloads
    self.moves = moves
  }

  /// Whether nothing changes.
  public var isEmpty: Bool {
    deletes.isEmpty && inserts.isEmpty && reloads.isEmpty && moves.isEmpty
  }

  /// The number of updates.
  public var count: Int { deletes.count + inserts.count + reloads.count + moves.count }

  /// Whether the edits lead from `before` rows to `after` rows: every position in range and
  /// named once (a row deleted or moved away, a place inserted or moved into), no row deleted
  /// or moved also reloaded, and the counts agree.
  func fit(before: Int, after: Int) -> Bool {
    let left = deletes + moves.map(\.source)
    let entered = inserts + moves.map(\.target)
    let gone = Set(left)
    guard gone.count == left.count, Set(entered).count == entered.count,
      Set(reloads).count == reloads.count, gone.isDisjoint(with: reloads),
      left.allSatisfy({ (0..<before).contains($0) }),
      reloads.allSatisfy({ (0..<before).contains($0) }),
      entered.allSatisfy({ (0..<after).contains($0) })
    else { return false }
    return before - deletes.count + inserts.count == after
  }
}

extension StagedChangeset {
  /// The changeset of edits at known positions, in one stage, without diffing: the cost is
  /// that of the edits, not of the table.
  ///
  /// The table keeps its sections; `rowCounts` holds each one's number of rows before the
  /// edits, and only the sections in `edits` have other rows in `target`, the rows they keep
  /// in the same order. Edits that do not fit (a position out of range or listed twice, a
  /// count that disagrees) are not trusted: the result then reloads everything
  /// (``FullReloadReason/inconsistentEdits``), so that a host never receives an update that
  /// breaks its table's rules. More updates than ``DiffOptions/maxChangeCount`` reload
  /// everything too.
  public init(
    localEdits edits: [Int: SectionEdits], rowCounts: [Int], to target: Snapshot<Section, Item>,
    options: DiffOptions = DiffOptions()
  ) {
    let fits =
      rowCounts.count == target.sections.count
      && rowCounts.indices.allSatisfy { s in
        guard let edit = edits[s] else { return rowCounts[s] == target.sections[s].items.count }
        return edit.fit(before: rowCounts[s], after: target.sections[s].items.count)
      }
      && edits.keys.allSatisfy(rowCounts.indices.contains)
    guard fits else {
      self = .reloadAll(to: target, because: .inconsistentEdits)
      return
    }
    var stage = Changeset<Section, Item>(data: target)
    for (s, edit) in edits.sorted(by: { $0.key < $1.key }) {
      stage.itemDeletes += edit.deletes.sorted().map { ItemPath(item: $0, section: s) }
      stage.itemInserts += edit.inserts.sorted().map { ItemPath(item: $0, section: s) }
      stage.itemReloads += edit.reloads.sorted().map { ItemPath(item: $0, section: s) }
      stage.itemMoves += edit.moves.map {
        Move(
          source: ItemPath(item: $0.source, section: s),
          target: ItemPath(item: $0.target, section: s))
      }
    }
    if stage.isEmpty {
      self.init(stages: [], target: target)
    } else if let limit = options.maxChangeCount, stage.changeCount > limit {
      self = .reloadAll(
        to: target, because: .tooManyChanges(count: stage.changeCount, limit: limit))
    } else {
      self.init(stages: [stage], target: target)
    }
  }
}
