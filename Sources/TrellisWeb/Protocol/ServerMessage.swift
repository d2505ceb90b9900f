import Foundation
import NIOCore

/// A message to the page, as one JSON object `{"type": TYPE, ...}`.
///
/// - `screen` replaces the whole app area (`html`).
/// - `push` covers the screen a pane (`pane`) shows with another (`html`); the page keeps the
///   covered one, hidden.
/// - `patch` updates one pane (`pane`): first, when `pop` is there, it drops that many screens
///   and shows the one it kept below; then its bar (`bar`), its section index when that changed
///   (`index`) and sequential steps (`ops`), each `{"op", "sectionIndex", "rowIndex", "html"}`
///   where `op` is `deleteRow`, `insertRow`, `replaceRow`, `deleteSection`, `insertSection` or
///   `replaceSection` and the indexes are positions on the page as the steps before left it.
/// - `rows` answers `window` with the rows of a virtual section (`section`, its id; `start`,
///   `count`, `rows`).
/// - `open` asks the page to open an address (`url`, a web address or a path on this server)
///   in a new tab: a row's `open` action ran.
/// - `error` says why a message was refused (`message`); nothing changed. When it refused a
///   value a row's control holds (`row`), the page puts the row's value back in the control.
/// - `status` says what a message did where nothing on the screen shows it (`message`): Done
///   saved a form that stays, as a root form does.
struct ServerMessage: Sendable {
  struct Op: Sendable, Equatable {
    var op: String
    var sectionIndex: Int
    var rowIndex: Int?
    var html: String?
  }

  var type: String
  var pane: String?
  var pop: Int?
  var html: String?
  var bar: String?
  var index: String?
  var ops: [Op]?
  var section: String?
  var start: Int?
  var count: Int?
  var rows: [String]?
  var message: String?
  var row: String?
  var url: String?

  static func screen(_ html: String) -> ServerMessage {
    ServerMessage(type: "screen", html: html)
  }

  static func push(pane: String, html: String) -> ServerMessage {
    ServerMessage(type: "push", pane: pane, html: html)
  }

  static func patch(
    pane: String, pop: Int? = nil, bar: String, index: String? = nil, ops: [Op]
  ) -> ServerMessage {
    ServerMessage(type: "patch", pane: pane, pop: pop, bar: bar, index: index, ops: ops)
  }

  static func rows(pane: String, section: String, start: Int, count: Int, rows: [String])
    -> ServerMessage
  {
    ServerMessage(
      type: "rows", pane: pane, section: section, start: start, count: count, rows: rows)
  }

  static func open(_ url: String) -> ServerMessage {
    ServerMessage(type: "open", url: url)
  }

  static func error(_ message: String, row: String? = nil) -> ServerMessage {
    ServerMessage(type: "error", message: message, row: row)
  }

  static func status(_ message: String) -> ServerMessage {
    ServerMessage(type: "status", message: message)
  }

  /// The JSON text: `type` first, absent fields left out, slashes and non-ASCII as they are.
  var json: String { String(decoding: utf8, as: UTF8.self) }

  /// The JSON text's bytes, as a WebSocket frame carries them.
  var bytes: ByteBuffer { ByteBuffer(bytes: utf8) }

  /// The JSON text, encoded.
  private var utf8: [UInt8] {
    var writer = JSONObjectWriter(output: [])
    writer.output.reserveCapacity(
      64 + (html?.utf8.count ?? 0) + (bar?.utf8.count ?? 0)
        + (ops?.reduce(0) { $0 + 48 + ($1.html?.utf8.count ?? 0) } ?? 0))
    writer.openObject()
    writer.field("type", type)
    writer.field("pane", pane)
    writer.field("pop", pop)
    writer.field("html", html)
    writer.field("bar", bar)
    writer.field("index", index)
    writer.array("ops", ops) { writer, op in
      writer.openObject()
      writer.field("op", op.op)
      writer.field("sectionIndex", op.sectionIndex)
      writer.field("rowIndex", op.rowIndex)
      writer.field("html", op.html)
      writer.closeObject()
    }
    writer.field("section", section)
    writer.field("start", start)
    writer.field("count", count)
    writer.array("rows", rows) { writer, row in JSONString.append(row, to: &writer.output) }
    writer.field("message", message)
    writer.field("row", row)
    writer.field("url", url)
    writer.closeObject()
    return writer.output
  }
}

/// Writes JSON objects field by field.
private struct JSONObjectWriter {
  var output: [UInt8]
  /// Whether the object being written has no field yet.
  private var isFirst = true

  init(output: [UInt8]) { self.output = output }

  mutating func openObject() {
    output.append(UInt8(ascii: "{"))
    isFirst = true
  }

  /// Closes an object; what follows it in an enclosing object is a next field.
  mutating func closeObject() {
    output.append(UInt8(ascii: "}"))
    isFirst = false
  }

  mutating func key(_ name: String) {
    if !isFirst { output.append(UInt8(ascii: ",")) }
    isFirst = false
    JSONString.append(name, to: &output)
    output.append(UInt8(ascii: ":"))
  }

  mutating func field(_ name: String, _ value: String?) {
    guard let value else { return }
    key(name)
    JSONString.append(value, to: &output)
  }

  /// A field holding an array, each element written by `element`; nothing when `nil`.
  mutating func array<Element>(
    _ name: String, _ elements: [Element]?, _ element: (inout JSONObjectWriter, Element) -> Void
  ) {
    guard let elements else { return }
    key(name)
    output.append(UInt8(ascii: "["))
    for (position, value) in elements.enumerated() {
      if position > 0 { output.append(UInt8(ascii: ",")) }
      element(&self, value)
    }
    output.append(UInt8(ascii: "]"))
  }

  mutating func field(_ name: String, _ value: Int?) {
    guard let value else { return }
    key(name)
    output.append(contentsOf: String(value).utf8)
  }
}
