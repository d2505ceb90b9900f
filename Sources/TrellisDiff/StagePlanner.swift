/// Builds the intermediate states of a diff that does not fit one batch update.
///
/// The states are, each only when needed:
/// 1. the source with every content change applied (reloads, before anything moves);
/// 2. the section order of the target, with inserted sections holding only their new items and
///    deleted sections that still hold items leaving them (items are deleted here);
/// 3. the target, plus the emptied sections that are about to be deleted;
/// 4. the target.
@usableFromInline
struct StagePlanner<Section: Diffable, Item: Diffable> {
  @usableFromInline let source: Snapshot<Section, Item>
  @usableFromInline let target: Snapshot<Section, Item>
  @usableFromInline let analysis: DiffAnalysis

  @inlinable init(
    source: Snapshot<Section, Item>, target: Snapshot<Section, Item>, analysis: DiffAnalysis
  ) {
    self.source = source
    self.target = target
    self.analysis = analysis
  }

  @inlinable func states(withReloadStage: Bool) -> [Snapshot<Section, Item>] {
    var states = [source]
    if withReloadStage { states.append(contentUpdatedSource()) }
    if analysis.movesIntoInsertedSection { states.append(sectionsArranged()) }
    if analysis.movesOutOfDeletedSection { states.append(targetWithRetiringSections()) }
    states.append(target)
    return states
  }

  /// The source's structure, with the target's content for every surviving item and section.
  @inlinable func contentUpdatedSource() -> Snapshot<Section, Item> {
    var state = source
    for s in state.sections.indices {
      let t = analysis.oldSectionToNew[s]
      if t >= 0 { state.sections[s].model = target.sections[t].model }
      let base = analysis.oldOffsets[s]
      for k in state.sections[s].items.indices {
        let j = Int(analysis.oldToNew[base + k])
        if j >= 0 { state.sections[s].items[k] = item(atNew: j) }
      }
    }
    return state
  }

  /// The target's sections in the target's order, items not yet moved or inserted.
  @inlinable func sectionsArranged() -> Snapshot<Section, Item> {
    arrangedSections { placement in
      switch placement {
      case .target(let t):
        let s = analysis.newSectionToOld[t]
        let model = target.sections[t].model
        if s < 0 {
          // Inserted now with its new items; items moving in follow in the next stage.
          let base = analysis.newOffsets[t]
          let fresh = target.sections[t].items.indices.filter { analysis.newToOld[base + $0] < 0 }
          return SnapshotSection(model, items: fresh.map { target.sections[t].items[$0] })
        }
        return SnapshotSection(model, items: survivors(ofOld: s))
      case .retiring(let s):
        return SnapshotSection(source.sections[s].model, items: survivors(ofOld: s))
      }
    }
  }

  /// The target, plus the emptied sections that the last stage deletes.
  @inlinable func targetWithRetiringSections() -> Snapshot<Section, Item> {
    arrangedSections { placement in
      switch placement {
      case .target(let t): target.sections[t]
      case .retiring(let s): SnapshotSection(source.sections[s].model, items: [])
      }
    }
  }

  /// Source items of section `s` that survive, in source order, with their target content.
  @inlinable func survivors(ofOld s: Int) -> [Item] {
    (analysis.oldOffsets[s]..<analysis.oldOffsets[s + 1]).compactMap { i in
      let j = Int(analysis.oldToNew[i])
      return j >= 0 ? item(atNew: j) : nil
    }
  }

  @inlinable func item(atNew j: Int) -> Item {
    let t = analysis.newSection(of: j)
    return target.sections[t].items[j - analysis.newOffsets[t]]
  }

  @usableFromInline enum Placement {
    case target(Int)
    case retiring(Int)
  }

  /// Whether source section `s` survives without moving (it is in the sections' longest
  /// increasing run). Retiring sections anchor to these, so they never add a move.
  @inlinable func keepsItsPlace(_ s: Int) -> Bool {
    let t = analysis.oldSectionToNew[s]
    return t >= 0 && !analysis.sectionMoved[t]
  }

  /// The target's sections in order, with each deleted section that still holds leaving items
  /// placed after the nearest section that preceded it in the source and keeps its place.
  @inlinable func placements() -> [Placement] {
    var retiringAfter = [Int: [Int]]()  // source anchor (-1: the front) -> retiring sections
    for s in source.sections.indices where analysis.oldSectionToNew[s] < 0 {
      let range = analysis.oldOffsets[s]..<analysis.oldOffsets[s + 1]
      guard range.contains(where: { analysis.oldToNew[$0] >= 0 }) else { continue }
      var anchor = s - 1
      while anchor >= 0 && !keepsItsPlace(anchor) { anchor -= 1 }
      retiringAfter[anchor, default: []].append(s)
    }
    var result: [Placement] = []
    for s in retiringAfter[-1] ?? [] { result.append(.retiring(s)) }
    for t in target.sections.indices {
      result.append(.target(t))
      let s = analysis.newSectionToOld[t]
      if s >= 0 { for r in retiringAfter[s] ?? [] { result.append(.retiring(r)) } }
    }
    return result
  }

  /// ``placements()`` as numbers: a target section index, or `-(s + 1)` for retiring source
  /// section `s` (what ``DiffAnalysis/init(retiringFrom:placements:)`` reads).
  @inlinable func placementCodes() -> [Int] {
    placements().map { placement in
      switch placement {
      case .target(let t): t
      case .retiring(let s): -(s + 1)
      }
    }
  }

  /// The sections of ``placements()``, each made by `make`.
  @inlinable func arrangedSections(
    _ make: (Placement) -> SnapshotSection<Section, Item>
  ) -> Snapshot<Section, Item> {
    Snapshot(sections: placements().map(make))
  }

  /// The last stage when emptied sections retire: from ``targetWithRetiringSections()`` to the
  /// target, which only deletes those sections. Built directly: the two states differ in
  /// nothing else, so there is nothing to match.
  @inlinable func retiringSectionsDeleted() -> Changeset<Section, Item> {
    var stage = Changeset<Section, Item>(data: target)
    for (index, placement) in placements().enumerated() {
      if case .retiring = placement { stage.sectionDeletes.append(index) }
    }
    return stage
  }
}
