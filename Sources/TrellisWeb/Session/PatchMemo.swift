import NIOCore
import Trellis
import TrellisDiff

/// The last patches the hub worked out, and the last messages and bars it drew, for the next
/// sessions that need the same: the windows resting on one list get the same changes in one
/// delivery pass (their lists show one shared list), so the first works out the page's steps and
/// the bytes of the message, and the others take them.
///
/// A hit costs a comparison of what the patch is made from: the tables and rows the sessions
/// share are the same storage, so most of it compares references.
final class PatchMemo {
  /// How many patches and messages it keeps: the windows of one list may be a few versions
  /// apart (each brought up to date by its own event since the last pass, at a different
  /// time: a dozen versions at a few hundred edits a second), and they come in no order.
  static let capacity = 24

  private var stepsMade:
    [(
      old: TableSnapshot, stage: Changeset<SectionSnapshot, RowSnapshot>, editing: Bool,
      steps: Steps
    )] = []
  private var messagesMade: [(key: MessageKey, message: SharedMessage)] = []
  private var barsDrawn: [(facts: BarFacts, bar: String)] = []

  /// The steps that carry a page through one stage, worked out once: the windows sent the
  /// same hold the same instance, so that their messages compare by reference.
  final class Steps: Sendable {
    let steps: [PageDrawing.Step]

    init(_ steps: [PageDrawing.Step]) {
      self.steps = steps
    }
  }

  /// What a patch message is drawn from.
  struct MessageKey: Equatable {
    var pane: String
    var pop: Int?
    var bar: String
    var index: String?
    /// The steps, stage by stage, as the memo made them.
    var parts: [Steps]

    static func == (a: MessageKey, b: MessageKey) -> Bool {
      a.parts.count == b.parts.count && zip(a.parts, b.parts).allSatisfy { $0 === $1 }
        && a.pop == b.pop && a.pane == b.pane && a.bar == b.bar && a.index == b.index
    }
  }

  /// The steps that carry a page from `old` through `stage`: `make`'s, or the ones made
  /// lately from the same.
  func steps(
    from old: TableSnapshot, stage: Changeset<SectionSnapshot, RowSnapshot>, editing: Bool,
    make: () -> [PageDrawing.Step]
  ) -> Steps {
    // By index: an entry found is not copied out whole, only its steps.
    if let made = stepsMade.firstIndex(where: {
      $0.editing == editing && Self.same($0.stage, stage) && Self.same($0.old, old)
    }) {
      return stepsMade[made].steps
    }
    let steps = Steps(make())
    Self.keep((old, stage, editing, steps), in: &stepsMade)
    return steps
  }

  /// The message `key` describes, shared with the sessions sent the same lately.
  func message(for key: MessageKey) -> SharedMessage {
    if let made = messagesMade.firstIndex(where: { $0.key == key }) {
      return messagesMade[made].message
    }
    let message = SharedMessage()
    Self.keep((key, message), in: &messagesMade)
    return message
  }

  /// The bar `facts` describe: `draw`'s, or the one drawn lately from the same facts. The
  /// sessions then hold one string, which compares by reference when their patches are
  /// matched to a message already drawn.
  func bar(for facts: BarFacts, draw: () -> String) -> String {
    if let drawn = barsDrawn.firstIndex(where: { $0.facts == facts }) {
      return barsDrawn[drawn].bar
    }
    let bar = draw()
    Self.keep((facts, bar), in: &barsDrawn)
    return bar
  }

  /// Keeps `entry` first, dropping the oldest beyond ``capacity``.
  private static func keep<Entry>(_ entry: Entry, in entries: inout [Entry]) {
    if entries.count >= capacity { entries.removeLast() }
    entries.insert(entry, at: 0)
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

/// A message's bytes, drawn once by the first socket's event loop that sends it; every socket
/// then writes the same buffer.
final class SharedMessage: Sendable {
  private let bytes = Locked<ByteBuffer?>(nil)

  /// The bytes, drawn with `draw` if no one drew them yet.
  func get(_ draw: () -> ByteBuffer) -> ByteBuffer {
    bytes.withLock { bytes in
      if let bytes { return bytes }
      let drawn = draw()
      bytes = drawn
      return drawn
    }
  }
}
