import TrellisDiff

extension TableModel {
  /// The changeset of a change of a few elements of sections (a page of a long list arrived,
  /// a "Load more" row became a loading row, the store inserted or deleted an item), built
  /// from the changed rows alone.
  ///
  /// Each restructured section says how many leading elements are unchanged
  /// (``Section/unchangedElementPrefix``); of the rest, the elements both lists start and end
  /// with keep their rows, and only those between are rendered and compared, in one stage of
  /// deletes and inserts at exact positions (``SectionCache/renderTail(from:of:sink:model:)``).
  /// The cost is that of the changed rows, not of the list. Returns `nil` when any stale
  /// section cannot say so, when rows of other sections are stale, or when a section's rows
  /// are not all plainly visible; the caller renders and diffs instead.
  func tailChangeset(_ stale: InvalidationSink.Stale) -> TableChangeset? {
    defer {
      // A prefix is good for the render it was said for only.
      for section in sections { section.unchangedElementPrefix = nil }
    }
    guard !sectionsChanged, stale.sections.isEmpty, stale.rows.isEmpty,
      !stale.restructured.isEmpty, delivered.sections.count == sections.count
    else { return nil }
    var work: [(Int, Section, Int)] = []
    for (s, section) in sections.enumerated()
    where stale.restructured.contains(ObjectIdentifier(section)) {
      guard let prefix = section.unchangedElementPrefix,
        let cache = caches[ObjectIdentifier(section)],
        cache.visibleElementIndex == nil, !cache.hasExpansions, prefix <= cache.elementIDs.count
      else { return nil }
      work.append((s, section, prefix))
    }
    var updates: [(Int, ObjectIdentifier, SectionCache.TailUpdate)] = []
    for (s, section, prefix) in work {
      let key = ObjectIdentifier(section)
      guard var cache = caches[key] else { return nil }
      caches[key] = nil  // uniquely held while it changes
      let outcome = cache.renderTail(from: prefix, of: section, sink: invalidation, model: self)
      caches[key] = cache
      switch outcome {
      case .patched(let update):
        updates.append((s, key, update))
      case .renderWhole:
        // Nothing was changed; the caller's render starts from the cache as it was, but the
        // section's content may have moved on: render it whole.
        invalidation.invalidateSection(key)
        return nil
      case .renderKeepingRows:
        // The caller renders the section, which stays restructured, keeping rows by identity.
        return nil
      }
    }
    // The delivered snapshot lets go of the rows first, so that the cache's rows grow in
    // place instead of being copied for every page.
    let rowCounts = delivered.sections.map(\.items.count)
    for (s, _, _) in updates { delivered.sections[s].items = [] }
    var edits: [Int: SectionEdits] = [:]
    for (s, key, update) in updates {
      if caches[key] != nil { update.apply(to: &caches[key]!.visible) }
      edits[s] = update.edits
    }
    var target = delivered
    for (s, key, _) in updates { target.sections[s].items = caches[key]?.visible ?? [] }
    delivered = target
    return TableChangeset(
      localEdits: edits, rowCounts: rowCounts, to: target, options: diffOptions)
  }
}
