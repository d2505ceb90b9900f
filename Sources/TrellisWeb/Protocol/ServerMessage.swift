import Foundation

/// A message to the page, as one JSON object `{"type": TYPE, ...}`.
///
/// - `screen` replaces the whole app area (`html`).
/// - `patch` updates one pane (`pane`): its bar (`bar`), its section index when that changed
///   (`index`) and sequential steps (`ops`), each `{"op", "sectionIndex", "rowIndex", "html"}`
///   where `op` is `deleteRow`, `insertRow`, `replaceRow`, `deleteSection`, `insertSection` or
///   `replaceSection` and the indexes are positions on the page as the steps before left it.
/// - `rows` answers `window` with the rows of a virtual section (`section`, its id; `start`,
///   `count`, `rows`).
/// - `error` says why a message was refused (`message`); nothing changed.
struct ServerMessage: Encodable, Sendable {
  struct Op: Encodable, Sendable, Equatable {
    var op: String
    var sectionIndex: Int
    var rowIndex: Int?
    var html: String?
  }

  var type: String
  var pane: String?
  var html: String?
  var bar: String?
  var index: String?
  var ops: [Op]?
  var section: String?
  var start: Int?
  var count: Int?
  var rows: [String]?
  var message: String?

  static func screen(_ html: String) -> ServerMessage {
    ServerMessage(type: "screen", html: html)
  }

  static func patch(pane: String, bar: String, index: String? = nil, ops: [Op]) -> ServerMessage {
    ServerMessage(type: "patch", pane: pane, bar: bar, index: index, ops: ops)
  }

  static func rows(pane: String, section: String, start: Int, count: Int, rows: [String])
    -> ServerMessage
  {
    ServerMessage(
      type: "rows", pane: pane, section: section, start: start, count: count, rows: rows)
  }

  static func error(_ message: String) -> ServerMessage {
    ServerMessage(type: "error", message: message)
  }

  /// The JSON text.
  var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "{\"type\":\"error\"}" }
    return String(decoding: data, as: UTF8.self)
  }
}
