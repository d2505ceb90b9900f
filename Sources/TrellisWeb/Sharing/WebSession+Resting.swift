import Trellis
import TrellisDiff

/// A session whose page rests on a shared list joins the list's ``RestingGroup``, and leaves it
/// before it does anything of its own.
extension WebSession {
  /// The shared list the page rests on, its version and the pane that shows it, when the page
  /// shows that list alone: one pane with one screen, not in edit mode, whose model has one
  /// section, attached to the list, and nothing to process; `nil` otherwise.
  func restingPane() -> (list: SharedList, version: Int, state: PaneState)? {
    guard isAttached, restingGroup == nil, panes.count == 1, let stack = panes[.top],
      stack.count == 1, let state = stack.first, state.pending.isEmpty, !state.isTooFarBehind,
      !state.editing, navigator.stack.count == 1, navigator.detail == nil,
      state.screen === navigator.top
    else { return nil }
    let model = state.screen.model
    guard !model.hasPendingChanges, model.sections.count == 1,
      let section = model.sections[0] as? ArrayOfObjectsSection,
      let link = section.sharedListLink, section.canKeepSharing,
      PatchMemo.same(state.table, model.delivered)
    else { return nil }
    return (link.list, link.version, state)
  }

  /// Joins `group`, which shows what the page shows: the group hears of the list's changes
  /// from now on, and the section does not.
  func join(_ group: RestingGroup) {
    guard let state = panes[.top]?.last,
      let section = state.screen.model.sections.first as? ArrayOfObjectsSection,
      let link = section.sharedListLink
    else { return }
    // Taken, the notice stays so until the section catches up again (it rearms then).
    _ = link.notice.take()
    restingGroup = group
    group.add(self)
  }

  /// Leaves the resting group, if any: the model catches up with the shared list unheard,
  /// and the pane gets the patch from what the page shows (the group's table) to the model's,
  /// for the next delivery.
  func leaveRestingGroup() {
    guard let group = restingGroup else { return }
    restingGroup = nil
    group.remove(self)
    guard let state = panes[.top]?.last else { return }
    let model = state.screen.model
    state.isMuted = true
    // Processed right here: no wake, which would only schedule a pass with nothing to do.
    model.invalidation.noteSharedListChange(wakingOwner: false)
    model.processChanges()
    state.isMuted = false
    state.table = group.table
    state.pending = Self.changeset(from: group, to: model)
  }

  /// What brings a page that shows `group`'s table to what `model` now shows: nothing, the
  /// shared list's changesets since the group's version (worked out once for every window
  /// that leaves at that version), or else a diff.
  private static func changeset(from group: RestingGroup, to model: TableModel)
    -> [TableChangeset]
  {
    let shown = model.delivered
    if PatchMemo.same(group.table, shown) { return [] }
    if let stages = group.list.stages(after: group.version, toSection: 0, from: group.table),
      let last = stages.last, PatchMemo.same(last.data, shown)
    {
      return [TableChangeset(stages: stages, target: shown)]
    }
    return [.reconciling(from: group.table, to: shown, options: model.diffOptions)]
  }
}
