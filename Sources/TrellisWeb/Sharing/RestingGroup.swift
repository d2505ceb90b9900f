import Trellis
import TrellisDiff

/// The windows whose page rests on one shared list and shows nothing else: brought up to date
/// together, with one message per change for all of them.
///
/// A window that shows only a list it shares with others (the first screen of most apps, with
/// nobody editing there) would otherwise be brought up to date alone at every change: its
/// model catches up with the shared list, its screen is read, its patch is found in the memo,
/// ten thousand times per edit. A resting group does that once. It keeps the table its
/// members' pages show and the shared list's version that table is, works out each change's
/// patch once, and hands the same message to every member's socket.
///
/// Its members' models wait meanwhile. A window that does anything of its own, or hears of
/// anything else, leaves the group first (``WebSession/leaveRestingGroup()``), and its model
/// catches up then. A change the group cannot patch (the list needs rows of its own, a
/// placeholder say) sends every member back to being brought up to date alone.
final class RestingGroup {
  let list: SharedList
  /// What the members' pages show.
  private(set) var table: TableSnapshot
  /// The shared list's version `table` is.
  private(set) var version: Int
  /// The bar the pages show: a change of the list alone does not change it.
  let bar: String
  /// The section index the pages show, which a list's rows do not change either.
  let index: String
  let tableStyle: ResolvedStyle?
  private(set) var members: [ObjectIdentifier: WebSession] = [:]

  init(list: SharedList, version: Int, showing state: PaneState) {
    self.list = list
    self.version = version
    table = state.table
    bar = state.bar
    index = state.index
    tableStyle = state.tableStyle
  }

  var isEmpty: Bool { members.isEmpty }

  /// Whether a page whose pane is `state`, at the shared list's `version`, shows what the
  /// members' pages show.
  func fits(_ state: PaneState, version: Int) -> Bool {
    shows(state.table, version: version, bar: state.bar, index: state.index, state.tableStyle)
  }

  /// Whether `other` shows what this group shows: its members may join this one.
  func fits(_ other: RestingGroup) -> Bool {
    other.list === list
      && shows(
        other.table, version: other.version, bar: other.bar, index: other.index,
        other.tableStyle)
  }

  private func shows(
    _ table: TableSnapshot, version: Int, bar: String, index: String, _ style: ResolvedStyle?
  ) -> Bool {
    version == self.version && bar == self.bar && index == self.index && style == tableStyle
      && PatchMemo.same(table, self.table)
  }

  func add(_ session: WebSession) {
    members[ObjectIdentifier(session)] = session
  }

  func remove(_ session: WebSession) {
    members[ObjectIdentifier(session)] = nil
  }

  /// Sends every member the patch from the table its page shows to the shared list's latest;
  /// false, sending nothing, when the list's changes can no longer be shown so (the list
  /// needs rows of its own, or its changesets are no longer kept): the members must leave.
  func deliver(drawing: PageDrawing, memo: PatchMemo) -> Bool {
    list.advance()
    guard version < list.version else { return true }
    let shared = list.section
    guard shared.specials.isEmpty, shared.appendedRows.isEmpty,
      let stages = list.stages(after: version, toSection: 0, from: table)
    else { return false }
    var parts: [PatchMemo.Steps] = []
    var table = table
    for stage in stages {
      // The same instances the memo gives the windows brought up to date alone, whose
      // messages then compare by reference.
      let from = table
      parts.append(
        memo.steps(from: from, stage: stage, editing: false) {
          drawing.steps(from: from, stage: stage, editing: false)
        })
      table = stage.data
    }
    self.table = table
    version = list.version
    guard parts.contains(where: { !$0.steps.isEmpty }) else { return true }
    let pane = ClientMessage.Pane.top.rawValue
    let message = memo.message(
      for: PatchMemo.MessageKey(pane: pane, pop: nil, bar: bar, index: nil, parts: parts))
    let (bar, made) = (bar, parts)
    PageOutbox.send(
      {
        message.get {
          ServerMessage.patch(
            pane: pane, pop: nil, bar: bar, index: nil, ops: made.flatMap(\.steps).map(drawing.op)
          ).bytes
        }
      }, to: members.values.compactMap(\.outbound))
    return true
  }

  /// Takes the members of `other`, which shows what this group shows.
  func merge(_ other: RestingGroup) {
    for member in other.members.values {
      member.restingGroup = self
      add(member)
    }
    other.members.removeAll()
  }
}
