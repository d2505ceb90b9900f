import Foundation
import Trellis
import TrellisDiff

extension WebSession {
  /// The screen event a message stands for, with every row and section it names found where
  /// it is now, in the screen's current snapshot. A row or section that is gone is refused,
  /// and nothing changes.
  func screenEvent(_ message: ClientMessage) throws(WebProtocolError) -> ScreenEvent {
    let model = try model(message.pane)
    switch message.action {
    case .select(let row): return .select(try shownRow(row, in: model).id)
    case .setValue(let row, let raw, let over):
      let (path, id) = try shownRow(row, in: model)
      return .enter(
        id, raw.controlInput, over: over.map { Self.text($0, shownAt: path, in: model) })
    case .setPart(let row, let tag, let raw):
      let (path, id) = try shownRow(row, in: model)
      return .setValue(id, try value(raw, tag: tag, at: path, in: model))
    case .delete(let row): return .delete(try shownRow(row, in: model).id)
    case .insert(let row): return .insert(try shownRow(row, in: model).id)
    case .accessory(let row): return .accessoryTap(try shownRow(row, in: model).id)
    case .move(let row, let target):
      let (source, id) = try shownRow(row, in: model)
      return .move(id, to: try destination(of: source, target, in: model))
    case .add(nil): return .add(section: nil)
    case .add(let section?): return .add(section: try index(of: section, in: model))
    case .loadMore(let section): return .loadMore(section: try index(of: section, in: model))
    case .toggle(let section): return .toggleSection(try index(of: section, in: model))
    case .event(let event): return event
    case .window, .layout: throw .malformed("not a screen event")
    }
  }

  /// The row's text that `was`, the text a page says its field showed, stands for: a browser
  /// shows a NUL character as U+FFFD and line ends as LF, so text holding them comes back
  /// changed though nobody changed it. Any other text is `was` itself.
  static func text(_ was: String, shownAt path: ItemPath, in model: TableModel) -> String {
    guard let shown = model.shownRow(at: path)?.fieldText, shown != was,
      shown.contains(where: { $0 == "\u{0}" || $0 == "\r" || $0 == "\r\n" })
    else { return was }
    let asBrowsersShowIt =
      shown.replacingOccurrences(of: "\r\n", with: "\n")
      .replacingOccurrences(of: "\r", with: "\n")
      .replacingOccurrences(of: "\u{0}", with: "\u{FFFD}")
    return asBrowsersShowIt == was ? shown : was
  }

  private func model(_ pane: ClientMessage.Pane) throws(WebProtocolError) -> TableModel {
    guard let screen = screen(in: pane) else { throw .badValue("there is no detail screen") }
    return screen.model
  }

  /// The screen `pane` shows in front: the detail pane's, or the top of the stack.
  func screen(in pane: ClientMessage.Pane) -> Screen? {
    pane == .detail ? navigator.detail : navigator.top
  }

  /// Where the row with `key` is now, among the rows the screen shows.
  private func path(of key: String, in model: TableModel) throws(WebProtocolError) -> ItemPath {
    guard let hash = RowKeys.hash(ofKey: key) else { throw .rowGone(key) }
    guard let path = model.indexPath(ofRowHash: hash) else {
      // A tap that reached the server after the screen it was meant for was covered.
      let covered = navigator.stack.dropLast().contains {
        $0.model !== model && $0.model.indexPath(ofRowHash: hash) != nil
      }
      throw covered ? .rowCovered(key) : .rowGone(key)
    }
    return path
  }

  /// The row with `key` among the rows the screen shows: where it is now, and its identity.
  private func shownRow(_ key: String, in model: TableModel) throws(WebProtocolError) -> (
    path: ItemPath, id: RowID
  ) {
    let path = try path(of: key, in: model)
    guard let id = model.rowID(at: path) else { throw .rowGone(key) }
    return (path, id)
  }

  /// Where the section with `id` is now.
  private func index(of id: String, in model: TableModel) throws(WebProtocolError) -> Int {
    guard let index = model.snapshot.sections.firstIndex(where: { $0.model.id == id }) else {
      throw .sectionGone(id)
    }
    return index
  }

  /// The index path a row at `source` moves to so that it ends beside `target`.
  private func destination(
    of source: ItemPath, _ target: ClientMessage.MoveTarget, in model: TableModel
  ) throws(WebProtocolError) -> ItemPath {
    switch target {
    case .before(let key):
      let anchor = try path(of: key, in: model)
      if anchor == source { return source }
      // Taking the row out first shifts a later anchor in its section up by one.
      let shift = anchor.section == source.section && source.item < anchor.item ? 1 : 0
      return ItemPath(item: anchor.item - shift, section: anchor.section)
    case .after(let key):
      let anchor = try path(of: key, in: model)
      if anchor == source { return source }
      let shift = anchor.section == source.section && source.item < anchor.item ? 0 : 1
      return ItemPath(item: anchor.item + shift, section: anchor.section)
    case .endOf(let id):
      let section = try index(of: id, in: model)
      let count = model.snapshot.sections[section].items.count
      return ItemPath(item: section == source.section ? count - 1 : count, section: section)
    }
  }
}
