import Trellis

/// What the Actions example's hooks did, newest first, shown in a section of its first screen
/// so that each hook is seen doing something.
// Sound: hooks run on the domain of the models they belong to, which is the domain of the
// section the log writes to; nothing else reads or writes it.
public final class ActionLog: @unchecked Sendable {
  /// One line of the log: its number, counted from 1, and what happened.
  public typealias Entry = (number: Int, text: String)

  /// The section that shows the entries.
  public let section: ContentSection<Entry>
  private var count = 0
  /// How many entries the section keeps.
  let capacity = 12

  /// An empty log.
  public init() {
    section = ContentSection<Entry>(
      id: "log", header: "What the hooks did", footer: "Newest first.",
      identity: { RowID(.int($0.number)) }
    ) { entry, row in
      row.text = entry.text
      row.detailText = "#\(entry.number)"
    }
  }

  /// What happened, newest first.
  public var texts: [String] { section.content.map(\.text) }

  /// Adds `text` at the top.
  public func record(_ text: String) {
    count += 1
    section.content = Array(([(count, text)] + section.content).prefix(capacity))
  }
}
