import Foundation
import Trellis
import TrellisDiff

/// A message from the page: a user event for one pane, or a request the host answers itself.
///
/// On the wire it is one JSON object, `{"type": TYPE, "pane": PANE, ...}`. Rows are named by
/// their key (the `data-row` attribute the page drew them with: the row's stable identity),
/// sections by their id (`data-id`), never by index, so that an edit cannot land on a row that
/// another window moved:
///
/// | type | fields |
/// |---|---|
/// | `select`, `delete`, `insert`, `accessory` | `row` |
/// | `set` | `row`, `value` (text, a number, `true`/`false` or `null`), `tag` (a custom row's control, or a picker's wheel), `was` (a typed field's text when typing began) |
/// | `move` | `row`, and exactly one of `before` (a row), `after` (a row) or `toSection` (a section: to its end) |
/// | `add` | `section` (optional: the screen's first list) |
/// | `loadMore`, `toggle` | `section` |
/// | `window` | `section`, `start`, `end` (row positions of a virtual section) |
/// | `edit` | `on` |
/// | `search` | `text` |
/// | `layout` | `wide` |
/// | `done`, `takeTheirs`, `cancel`, `back`, `refresh` | nothing |
///
/// `pane` is `"top"` (the default) or `"detail"`. A field the type does not take, a missing
/// field or a field of the wrong type is refused with an error naming the field and the type.
struct ClientMessage: Sendable, Equatable {
  enum Pane: String, Sendable {
    case top, detail
  }

  /// Where a moved row goes, named by what will be beside it.
  enum MoveTarget: Sendable, Equatable {
    /// Just before the row with this key.
    case before(row: String)
    /// Just after the row with this key.
    case after(row: String)
    /// At the end of the section with this id.
    case endOf(section: String)
  }

  enum Action: Sendable, Equatable {
    /// Tapped the row with this key.
    case select(row: String)
    /// A value from a control, converted once the row's kind is known, and what the field
    /// showed when the person began typing it, if they typed it.
    case setValue(row: String, WireValue, over: String? = nil)
    /// A value from the control with this tag in a custom row.
    case setPart(row: String, tag: Int, WireValue)
    /// Deleted the row with this key.
    case delete(row: String)
    /// Tapped the insert control of the row with this key.
    case insert(row: String)
    /// Tapped the accessory button of the row with this key.
    case accessory(row: String)
    /// Tapped the header of the collapsible section with this id.
    case toggle(section: String)
    /// Moved the row with this key.
    case move(row: String, to: MoveTarget)
    /// Tapped Add, for a section (by id) or the screen's first list.
    case add(section: String?)
    /// Asked for the next batch of a section (by id).
    case loadMore(section: String)
    /// The rows of a virtual section (by id) the page has in view.
    case window(section: String, start: Int, end: Int)
    /// An event that names no row or section.
    case event(ScreenEvent)
    /// Whether the window is wide enough for master-detail.
    case layout(wide: Bool)
  }

  var pane: Pane
  var action: Action

  /// Parses one message; throws a ``WebProtocolError`` naming what is wrong.
  static func parse(_ text: String) throws(WebProtocolError) -> ClientMessage {
    let fields: [String: WireField]
    do {
      fields = try JSONDecoder().decode([String: WireField].self, from: Data(text.utf8))
    } catch {
      throw .malformed("the message is not a JSON object")
    }
    var reader = WireReader(fields: fields, type: "")
    guard let type = try reader.optionalString("type") else {
      throw .malformed("the message has no \"type\"")
    }
    reader.type = type
    let pane: Pane
    if let name = try reader.optionalString("pane") {
      guard let known = Pane(rawValue: name) else {
        throw .invalidField("pane", in: type, "\"\(name)\" is not \"top\" or \"detail\"")
      }
      pane = known
    } else {
      pane = .top
    }
    let action = try action(&reader)
    try reader.refuseUnread()
    return ClientMessage(pane: pane, action: action)
  }

  private static func action(_ reader: inout WireReader) throws(WebProtocolError) -> Action {
    switch reader.type {
    case "select": return .select(row: try reader.string("row"))
    case "set":
      let row = try reader.string("row")
      let value = try reader.value("value")
      // A control of a custom row names its tag (STV's object bindings, "1:name;2:detail").
      if let tag = try reader.optionalIndex("tag") { return .setPart(row: row, tag: tag, value) }
      return .setValue(row: row, value, over: try reader.optionalString("was"))
    case "delete": return .delete(row: try reader.string("row"))
    case "insert": return .insert(row: try reader.string("row"))
    case "accessory": return .accessory(row: try reader.string("row"))
    case "move":
      let row = try reader.string("row")
      let targets = [
        try reader.optionalString("before").map { MoveTarget.before(row: $0) },
        try reader.optionalString("after").map { MoveTarget.after(row: $0) },
        try reader.optionalString("toSection").map { MoveTarget.endOf(section: $0) },
      ].compactMap { $0 }
      guard targets.count == 1, let target = targets.first else {
        throw .invalidField(
          "before", in: "move", "give exactly one of \"before\", \"after\" or \"toSection\"")
      }
      return .move(row: row, to: target)
    case "add": return .add(section: try reader.optionalString("section"))
    case "loadMore": return .loadMore(section: try reader.string("section"))
    case "toggle": return .toggle(section: try reader.string("section"))
    case "window":
      let section = try reader.string("section")
      let start = try reader.index("start")
      let end = try reader.index("end")
      guard end >= start else {
        throw .invalidField("end", in: "window", "\(end) is before start \(start)")
      }
      return .window(section: section, start: start, end: end)
    case "edit": return .event(.setEditing(try reader.bool("on")))
    case "search": return .event(.search(try reader.string("text")))
    case "layout": return .layout(wide: try reader.bool("wide"))
    case "done": return .event(.done)
    case "cancel": return .event(.cancel)
    case "takeTheirs": return .event(.takeTheirs)
    case "back": return .event(.back)
    case "refresh": return .event(.refresh)
    default: throw .unknownType(reader.type)
    }
  }
}

/// Why a message from the page was refused. The session stays open.
public enum WebProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The text is not a JSON object with a `type`.
  case malformed(String)
  /// No message has this type.
  case unknownType(String)
  /// A field the message type needs is missing: the field, the message type.
  case missingField(String, in: String)
  /// A field has the wrong type or an impossible value: the field, the message type, why.
  case invalidField(String, in: String, String)
  /// The message type takes no such field: the field, the message type.
  case unknownField(String, in: String)
  /// The row the message names is gone (deleted, or no longer shown); nothing changed.
  case rowGone(String)
  /// The row the message names is on a screen that the top one now covers: a tap meant for
  /// the screen below (the second tap of a double tap that opened a screen). Nothing changes,
  /// and the page is told nothing.
  case rowCovered(String)
  /// The section the message names is gone; nothing changed.
  case sectionGone(String)
  case tooLarge(Int, limit: Int)
  case rateLimited
  case badValue(String)
  /// The row (its key) refused the value its control holds, for the reason given; the row
  /// keeps its value.
  case refusedEntry(row: String, String)

  /// The row whose control holds a value that was refused, if the message set one.
  var refusedRow: String? {
    if case .refusedEntry(let row, _) = self { return row }
    return nil
  }

  public var description: String {
    switch self {
    case .malformed(let why): "malformed message: \(why)"
    case .unknownType(let type): "unknown message type \"\(type)\""
    case .missingField(let name, let type): "the \"\(type)\" message has no \"\(name)\""
    case .invalidField(let name, let type, let why):
      "invalid \"\(name)\" in the \"\(type)\" message: \(why)"
    case .unknownField(let name, let type): "the \"\(type)\" message takes no \"\(name)\""
    case .rowGone:
      "That row is no longer on this screen (another window may have deleted it); nothing changed"
    case .rowCovered:
      "That row is on a screen another one now covers; nothing changed"
    case .sectionGone(let id):
      "the section \"\(id)\" is no longer there; nothing changed"
    case .tooLarge(let size, let limit):
      "the message has \(size) bytes; the limit is \(limit)"
    case .rateLimited: "too many messages; slow down"
    case .badValue(let why): why
    case .refusedEntry(_, let why): why
    }
  }
}
