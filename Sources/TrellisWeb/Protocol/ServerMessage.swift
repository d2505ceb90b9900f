import Foundation

/// A message to the page, as one JSON object `{"t": TYPE, ...}`.
///
/// `screen` replaces the whole app area (`html`); `patch` updates one pane (`pane`) with its
/// bar (`bar`), its section index when that changed (`index`) and sequential steps (`ops`, each `{"o", "s", "r", "h"}`: `dr`/`ir`/`sr` delete,
/// insert or replace a row, `ds`/`is`/`ss` a section); `rows` answers `window` with the rows
/// of a virtual section (`s`, `start`, `count`, `rows`); `error` says why a message was refused.
struct ServerMessage: Encodable, Sendable {
  struct Op: Encodable, Sendable, Equatable {
    var o: String
    var s: Int
    var r: Int?
    var h: String?
  }

  var t: String
  var pane: String?
  var html: String?
  var bar: String?
  var index: String?
  var ops: [Op]?
  var s: Int?
  var start: Int?
  var count: Int?
  var rows: [String]?
  var message: String?

  static func screen(_ html: String) -> ServerMessage {
    ServerMessage(t: "screen", html: html)
  }

  static func patch(pane: String, bar: String, index: String? = nil, ops: [Op]) -> ServerMessage {
    ServerMessage(t: "patch", pane: pane, bar: bar, index: index, ops: ops)
  }

  static func rows(pane: String, section: Int, start: Int, count: Int, rows: [String])
    -> ServerMessage
  {
    ServerMessage(t: "rows", pane: pane, s: section, start: start, count: count, rows: rows)
  }

  static func error(_ message: String) -> ServerMessage {
    ServerMessage(t: "error", message: message)
  }

  /// The JSON text.
  var json: String {
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.withoutEscapingSlashes]
    guard let data = try? encoder.encode(self) else { return "{\"t\":\"error\"}" }
    return String(decoding: data, as: UTF8.self)
  }
}
