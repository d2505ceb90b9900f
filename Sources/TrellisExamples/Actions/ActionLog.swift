import Trellis

/// What the Actions example's hooks did, newest first, shown in a section of its first screen
/// so that each hook is seen doing something.
public final class ActionLog: Sendable {
  /// One line of the log: its number, counted from 1, and what happened.
  public typealias Entry = (number: Int, text: String)

  /// The section that shows the entries.
  public var section: ContentSection<Entry> { state.withLock { $0.section } }
  // Sound: hooks run on the domain of the models they belong to, which is the domain of the
  // section the log writes to; nothing else reads or writes it.
  private let state: UncheckedLocked<(section: ContentSection<Entry>, count: Int)>
  /// How many entries the section keeps.
  let capacity = 12

  /// An empty log.
  public init() {
    let section = ContentSection<Entry>(
      id: "log", header: "What the hooks did", footer: "Newest first.",
      identity: { RowID(.int($0.number)) }
    ) { entry, row in
      row.text = entry.text
      row.detailText = "#\(entry.number)"
    }
    state = UncheckedLocked((section, 0))
  }

  /// What happened, newest first.
  public var texts: [String] { section.content.map(\.text) }

  /// Adds `text` at the top.
  public func record(_ text: String) {
    state.withLock { state in
      state.count += 1
      state.section.content = Array(
        ([(state.count, text)] + state.section.content).prefix(capacity))
    }
  }
}
