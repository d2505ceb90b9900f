import Trellis
import TrellisDiff

/// The last patch the hub worked out, and the last message it drew, for the next session that
/// needs the same: the windows resting on one list get the same changes in one delivery pass
/// (their lists follow one feed), so the first works out the page's steps and the text of the
/// message, and the others take them.
///
/// A hit costs a comparison of what the patch is made from: the tables and rows the sessions
/// share are the same storage, so most of it compares references.
final class PatchMemo {
  private var lastSteps:
    (
      old: TableSnapshot, stage: Changeset<SectionSnapshot, RowSnapshot>, editing: Bool,
      steps: [PageDrawing.Step]
    )?
  private var lastMessage: (key: MessageKey, text: SharedText)?

  /// What a patch message is drawn from.
  struct MessageKey: Equatable {
    var pane: String
    var pop: Int?
    var bar: String
    var index: String?
    var steps: [PageDrawing.Step]
  }

  /// The steps that carry a page from `old` through `stage`: `make`'s, or the last ones when
  /// they were made from the same.
  func steps(
    from old: TableSnapshot, stage: Changeset<SectionSnapshot, RowSnapshot>, editing: Bool,
    make: () -> [PageDrawing.Step]
  ) -> [PageDrawing.Step] {
    if let last = lastSteps, last.editing == editing, Self.same(last.stage, stage),
      Self.same(last.old, old)
    {
      return last.steps
    }
    let steps = make()
    lastSteps = (old, stage, editing, steps)
    return steps
  }

  /// The text of the message `key` describes, shared with the last session sent the same.
  func text(for key: MessageKey) -> SharedText {
    if let last = lastMessage, last.key == key { return last.text }
    let text = SharedText()
    lastMessage = (key, text)
    return text
  }

  static func same(_ a: TableSnapshot, _ b: TableSnapshot) -> Bool {
    a.sections.count == b.sections.count
      && zip(a.sections, b.sections).allSatisfy { $0.model == $1.model && $0.items == $1.items }
  }

  static func same(
    _ a: Changeset<SectionSnapshot, RowSnapshot>, _ b: Changeset<SectionSnapshot, RowSnapshot>
  ) -> Bool {
    a.itemReloads == b.itemReloads && a.itemInserts == b.itemInserts
      && a.itemDeletes == b.itemDeletes && a.itemMoves == b.itemMoves
      && a.sectionReloads == b.sectionReloads && a.sectionInserts == b.sectionInserts
      && a.sectionDeletes == b.sectionDeletes && a.sectionMoves == b.sectionMoves
      && same(a.data, b.data)
  }
}

/// A message's text, drawn once by the first socket task that sends it.
final class SharedText: Sendable {
  private let text = Locked<String?>(nil)

  /// The text, drawn with `draw` if no one drew it yet.
  func get(_ draw: () -> String) -> String {
    text.withLock { text in
      if let text { return text }
      let drawn = draw()
      text = drawn
      return drawn
    }
  }
}
