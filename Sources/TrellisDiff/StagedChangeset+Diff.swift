extension StagedChangeset {
  /// Diffs two snapshots into the fewest stages that are each valid for one batch update.
  ///
  /// Most diffs need one stage. A second stage appears only where UITableView forbids the
  /// combination in one batch: a changed item that also moves (reloaded first), an item moving
  /// into a section that is inserted (the section arrives first), or out of a section that is
  /// deleted (the section leaves last).
  ///
  /// - Throws: ``DiffError`` when either snapshot repeats a section or item identifier.
  ///   Use ``reconciling(from:to:options:)`` to fall back to a full reload instead.
  @inlinable public init(
    from source: Snapshot<Section, Item>, to target: Snapshot<Section, Item>,
    options: DiffOptions = DiffOptions()
  ) throws(DiffError) {
    let total = max(source.itemCount, target.itemCount)
    guard total < Int(Int32.max) else {
      self = .reloadAll(to: target, because: .tooLarge(count: total))
      return
    }
    let analysis = try DiffAnalysis(from: source, to: target)
    let count = analysis.changeCount
    if let limit = options.maxChangeCount, count > limit {
      self = .reloadAll(to: target, because: .tooManyChanges(count: count, limit: limit))
      return
    }
    if count == 0 {
      self.init(stages: [], target: target)
    } else if analysis.fitsOneStage {
      self.init(stages: [analysis.changeset(to: target)], target: target)
    } else {
      if let stages = Self.stages(from: source, to: target, analysis: analysis) {
        self.init(stages: stages, target: target)
      } else {
        self = .reloadAll(to: target, because: .stagingFailed)
      }
    }
  }

  /// Diffs like ``init(from:to:options:)``, but answers a full reload
  /// (``FullReloadReason/duplicateIdentifier(_:)``) where a snapshot repeats an identifier.
  @inlinable public static func reconciling(
    from source: Snapshot<Section, Item>, to target: Snapshot<Section, Item>,
    options: DiffOptions = DiffOptions()
  ) -> Self {
    do {
      return try Self(from: source, to: target, options: options)
    } catch {
      return .reloadAll(to: target, because: .duplicateIdentifier(error))
    }
  }

  /// Splits a diff that does not fit one batch into intermediate states, each one batch apart.
  @inlinable static func stages(
    from source: Snapshot<Section, Item>, to target: Snapshot<Section, Item>,
    analysis: DiffAnalysis
  ) -> [Changeset<Section, Item>]? {
    let planner = StagePlanner(source: source, target: target, analysis: analysis)
    for withReloadStage in [analysis.needsReloadStage, true] {
      let states = planner.states(withReloadStage: withReloadStage)
      var stages: [Changeset<Section, Item>] = []
      var fits = true
      for k in 1..<states.count {
        if k == states.count - 1 && analysis.movesOutOfDeletedSection {
          stages.append(planner.retiringSectionsDeleted())
          break
        }
        // From the source straight to the target with retiring sections kept: the same
        // matches, renumbered; any other step is matched again. The intermediate states hold
        // no duplicates when the endpoints hold none.
        let derived =
          k == 1 && !withReloadStage && !analysis.movesIntoInsertedSection
          && analysis.movesOutOfDeletedSection
        let step =
          derived
          ? DiffAnalysis(retiringFrom: analysis, placements: planner.placementCodes())
          : try? DiffAnalysis(from: states[k - 1], to: states[k])
        guard let step, step.fitsOneStage else {
          fits = false
          break
        }
        if step.changeCount > 0 { stages.append(step.changeset(to: states[k])) }
      }
      if fits { return stages }
    }
    // Unreachable by construction: the caller answers a full reload, which is always valid.
    return nil
  }
}
