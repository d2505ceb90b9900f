import Foundation
import Trellis
import TrellisDiff

/// A message from the page: a user event for one pane, or a request the host answers itself.
///
/// On the wire it is one JSON object, `{"t": TYPE, ...}`: `select`, `set` (`s`, `r`, `v`),
/// `delete`, `move` (`s`, `r` → `ts`, `tr`), `add` (`s` optional), `edit` (`on`), `done`,
/// `cancel`, `back`, `search` (`text`), `loadMore` (`s`), `refresh`, `window` (`s`, `start`,
/// `end`) and `layout` (`wide`). `pane` is `"top"` (the default) or `"detail"`.
struct ClientMessage: Sendable, Equatable {
  enum Pane: String, Sendable {
    case top, detail
  }

  enum Action: Sendable, Equatable {
    case event(ScreenEvent)
    /// A value from a control, converted once the row's kind is known.
    case setValue(ItemPath, WireValue)
    /// The rows of a virtual section the page has in view.
    case window(section: Int, start: Int, end: Int)
    /// Whether the window is wide enough for master-detail.
    case layout(wide: Bool)
  }

  var pane: Pane
  var action: Action

  /// Parses one message; throws a ``WebProtocolError`` naming what is wrong.
  static func parse(_ text: String) throws(WebProtocolError) -> ClientMessage {
    let wire: Wire
    do {
      wire = try JSONDecoder().decode(Wire.self, from: Data(text.utf8))
    } catch {
      throw .malformed("the message is not a JSON object with a string \"t\"")
    }
    let pane: Pane
    if let name = wire.pane {
      guard let known = Pane(rawValue: name) else { throw .invalidField("pane", name) }
      pane = known
    } else {
      pane = .top
    }
    return ClientMessage(pane: pane, action: try action(wire))
  }

  private static func action(_ wire: Wire) throws(WebProtocolError) -> Action {
    switch wire.t {
    case "select": return .event(.select(try wire.path()))
    case "set":
      guard let value = wire.v else { throw .missingField("v") }
      return .setValue(try wire.path(), value)
    case "delete": return .event(.delete(try wire.path()))
    case "move":
      let target = ItemPath(
        item: try wire.index(wire.tr, "tr"), section: try wire.index(wire.ts, "ts"))
      return .event(.move(from: try wire.path(), to: target))
    case "add":
      if let section = wire.s { return .event(.add(section: try wire.index(section, "s"))) }
      return .event(.add(section: nil))
    case "edit":
      guard let on = wire.on else { throw .missingField("on") }
      return .event(.setEditing(on))
    case "done": return .event(.done)
    case "cancel": return .event(.cancel)
    case "back": return .event(.back)
    case "search":
      guard let text = wire.text else { throw .missingField("text") }
      return .event(.search(text))
    case "loadMore": return .event(.loadMore(section: try wire.index(wire.s, "s")))
    case "refresh": return .event(.refresh)
    case "window":
      let start = try wire.index(wire.start, "start")
      let end = try wire.index(wire.end, "end")
      guard end >= start else { throw .invalidField("end", "\(end) is before start \(start)") }
      return .window(section: try wire.index(wire.s, "s"), start: start, end: end)
    case "layout":
      guard let wide = wire.wide else { throw .missingField("wide") }
      return .layout(wide: wide)
    default:
      throw .unknownType(wire.t)
    }
  }

  private struct Wire: Decodable {
    var t: String
    var pane: String?
    var s: Int?
    var r: Int?
    var ts: Int?
    var tr: Int?
    var v: WireValue?
    var on: Bool?
    var text: String?
    var start: Int?
    var end: Int?
    var wide: Bool?

    func index(_ value: Int?, _ name: String) throws(WebProtocolError) -> Int {
      guard let value else { throw .missingField(name) }
      guard value >= 0 else { throw .invalidField(name, "\(value) is negative") }
      return value
    }

    func path() throws(WebProtocolError) -> ItemPath {
      ItemPath(item: try index(r, "r"), section: try index(s, "s"))
    }
  }
}

/// A scalar a control sent: text, a number, a flag, or nothing.
enum WireValue: Decodable, Sendable, Equatable {
  case string(String)
  case number(Double)
  case bool(Bool)
  case null

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let flag = try? container.decode(Bool.self) {
      self = .bool(flag)
    } else if let number = try? container.decode(Double.self) {
      self = .number(number)
    } else {
      self = .string(try container.decode(String.self))
    }
  }
}

/// Why a message from the page was refused. The session stays open.
public enum WebProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
  case malformed(String)
  case unknownType(String)
  case missingField(String)
  case invalidField(String, String)
  case tooLarge(Int, limit: Int)
  case rateLimited
  case badValue(String)

  public var description: String {
    switch self {
    case .malformed(let why): "malformed message: \(why)"
    case .unknownType(let type): "unknown message type '\(type)'"
    case .missingField(let name): "the message has no '\(name)'"
    case .invalidField(let name, let why): "invalid '\(name)': \(why)"
    case .tooLarge(let size, let limit):
      "the message has \(size) bytes; the limit is \(limit)"
    case .rateLimited: "too many messages; slow down"
    case .badValue(let why): why
    }
  }
}
