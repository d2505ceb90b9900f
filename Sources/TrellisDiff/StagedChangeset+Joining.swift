extension StagedChangeset {
  /// The stages of `changesets`, each made for a table of one section, addressed to section
  /// `s` of `base` instead: a list that many tables show inside their own sections; `nil`
  /// when one reloads everything or changes sections.
  ///
  /// `base` is the table before the first changeset, its section `s` equal to the one
  /// section the changesets start from. Reloads after reloads become one stage: no row moves
  /// in between, so their positions hold (a row edited twice is reloaded once).
  public static func stages(
    of changesets: [Self], addressedTo s: Int, of base: Snapshot<Section, Item>
  ) -> [Changeset<Section, Item>]? {
    guard base.sections.indices.contains(s) else { return nil }
    var table = base
    var result: [Changeset<Section, Item>] = []
    // The reloads of the stages since the last that did more, gathered into one.
    var reloads: Set<ItemPath> = []
    func flushReloads() {
      guard !reloads.isEmpty else { return }
      var stage = Changeset<Section, Item>(data: table)
      stage.itemReloads = reloads.sorted()
      result.append(stage)
      reloads = []
    }
    func path(_ path: ItemPath) -> ItemPath { ItemPath(item: path.item, section: s) }
    for changeset in changesets {
      guard changeset.fullReload == nil else { return nil }
      for stage in changeset.stages {
        guard stage.sectionDeletes.isEmpty, stage.sectionInserts.isEmpty,
          stage.sectionMoves.isEmpty, stage.data.sections.count == 1
        else { return nil }
        if stage.onlyReloadsItems {
          // The reload's positions are those before it: the same as after the earlier ones.
          table.sections[s] = stage.data.sections[0]
          for reload in stage.itemReloads { reloads.insert(path(reload)) }
          continue
        }
        flushReloads()
        table.sections[s] = stage.data.sections[0]
        var addressed = Changeset<Section, Item>(data: table)
        addressed.sectionReloads = stage.sectionReloads.map { _ in s }
        addressed.itemDeletes = stage.itemDeletes.map(path)
        addressed.itemInserts = stage.itemInserts.map(path)
        addressed.itemReloads = stage.itemReloads.map(path)
        addressed.itemMoves = stage.itemMoves.map {
          Move(source: path($0.source), target: path($0.target))
        }
        result.append(addressed)
      }
    }
    flushReloads()
    return result
  }

  /// This changeset, then `next`, which starts from this one's target: one changeset from
  /// this one's start to `next`'s target.
  ///
  /// A full reload in `next` is the result; a full reload here makes the result one. When
  /// `next` has no stages, the result is this one's stages, to `next`'s target. More updates
  /// than ``DiffOptions/maxChangeCount`` reload everything.
  public func followed(by next: Self, options: DiffOptions = DiffOptions()) -> Self {
    guard !isEmpty else { return next }
    if next.fullReload != nil { return next }
    if next.stages.isEmpty {
      return Self(stages: stages, target: next.target, fullReload: fullReload)
    }
    if let reason = fullReload { return .reloadAll(to: next.target, because: reason) }
    let combined = Self(stages: stages + next.stages, target: next.target)
    if let limit = options.maxChangeCount, combined.changeCount > limit {
      return .reloadAll(
        to: next.target, because: .tooManyChanges(count: combined.changeCount, limit: limit))
    }
    return combined
  }
}

extension Changeset {
  /// Whether the stage only reloads items.
  var onlyReloadsItems: Bool {
    itemDeletes.isEmpty && itemInserts.isEmpty && itemMoves.isEmpty && sectionReloads.isEmpty
      && sectionDeletes.isEmpty && sectionInserts.isEmpty && sectionMoves.isEmpty
  }
}
