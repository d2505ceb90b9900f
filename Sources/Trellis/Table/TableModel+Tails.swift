import TrellisDiff

extension TableModel {
  /// The changeset of a change that only added to the end of sections (a page of a long list
  /// arrived, or a "Load more" row became a loading row), built from the new rows alone.
  ///
  /// Each restructured section says how many leading elements are unchanged
  /// (``Section/unchangedElementPrefix``); only the rest is rendered and compared, in one stage
  /// of deletes and inserts at exact positions. The cost is that of the new rows, not of the
  /// list. Returns `nil`, rendering nothing, when any stale section cannot say so, when rows of
  /// other sections are stale, or when a section's rows are not all plainly visible; the
  /// caller renders and diffs instead.
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
    var updates: [(Int, ObjectIdentifier, Int, SectionCache.TailUpdate)] = []
    for (s, section, prefix) in work {
      let key = ObjectIdentifier(section)
      guard var cache = caches[key] else { return nil }
      caches[key] = nil  // uniquely held while it changes
      guard
        let update = cache.renderTail(from: prefix, of: section, sink: invalidation, model: self)
      else {
        // Nothing was changed; the caller's render starts from the cache as it was, but the
        // section's content may have moved on: render it whole.
        caches[key] = cache
        invalidation.invalidateSection(key)
        return nil
      }
      caches[key] = cache
      updates.append((s, key, prefix, update))
    }
    // The delivered snapshot lets go of the rows first, so that the cache's rows grow in
    // place instead of being copied for every page.
    let rowCounts = delivered.sections.map(\.items.count)
    for (s, _, _, _) in updates { delivered.sections[s].items = [] }
    var edits: [Int: SectionEdits] = [:]
    for (s, key, prefix, update) in updates {
      caches[key]?.visible.replaceSubrange(prefix..., with: update.tail)
      edits[s] = update.edits
    }
    var target = delivered
    for (s, key, _, _) in updates { target.sections[s].items = caches[key]?.visible ?? [] }
    delivered = target
    return TableChangeset(
      localEdits: edits, rowCounts: rowCounts, to: target, options: diffOptions)
  }
}
