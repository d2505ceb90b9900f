import Foundation
import Trellis

/// One thing the ``UIFuzzer`` does to an app: an event sent to a screen, what a person enters
/// in a row's control, or a drag of a row.
///
/// Events are values, so that a failing run's events can be replayed with
/// ``UIFuzzer/replay(_:on:)``.
public enum FuzzEvent: Hashable, Sendable, CustomStringConvertible {
  /// Sends `event` to the top screen, or to the detail pane's screen when `onDetail`.
  case send(ScreenEvent, onDetail: Bool)
  /// Enters `input` in the control of the row at `path`, as a host sends it
  /// (``ScreenEvent/enter(_:_:over:)``): the core converts it, and input the row refuses stays on
  /// a detail screen's row with its reason. `over` is the text the field started from, which may
  /// be stale (another window's change met).
  case enter(ControlInput, at: ItemPath, over: String? = nil, onDetail: Bool)
  /// Drags the row at `from` to `to` on the top screen, the way a person reorders rows in
  /// UITableView (``HeadlessApp/drag(from:to:)``).
  case drag(from: ItemPath, to: ItemPath)

  public var description: String {
    switch self {
    case .send(let event, let onDetail):
      return (onDetail ? "detail: " : "") + Self.describe(event)
    case .enter(let input, let path, let over, let onDetail):
      let typedOver = over.map { ", over: \(Self.quote($0))" } ?? ""
      return (onDetail ? "detail: " : "")
        + "enter(\(Self.describe(input)), at: \(path)\(typedOver))"
    case .drag(let from, let to):
      return "drag(from: \(from), to: \(to))"
    }
  }

  private static func describe(_ event: ScreenEvent) -> String {
    switch event {
    case .select(let path): "select(\(path))"
    case .setValue(let path, let value): "setValue(\(path), \(describe(value)))"
    case .enter(let path, let input, let over):
      "enter(\(path), \(describe(input))\(over.map { ", over: \(quote($0))" } ?? ""))"
    case .delete(let path): "delete(\(path))"
    case .move(let from, let to): "move(from: \(from), to: \(to))"
    case .add(let section): "add(section: \(section.map(String.init) ?? "nil"))"
    case .setEditing(let editing): "setEditing(\(editing))"
    case .done: "done"
    case .cancel: "cancel"
    case .takeTheirs: "takeTheirs"
    case .back: "back"
    case .search(let text): "search(\(quote(text)))"
    case .loadMore(let section): "loadMore(section: \(section))"
    case .refresh: "refresh"
    case .insert(let path): "insert(\(path))"
    case .accessoryTap(let path): "accessoryTap(\(path))"
    case .toggleSection(let index): "toggleSection(\(index))"
    }
  }

  private static func describe(_ input: ControlInput) -> String {
    switch input {
    case .text(let text): ".text(\(quote(text)))"
    case .number(let number): ".number(\(number))"
    case .bool(let flag): ".bool(\(flag))"
    case .none: ".none"
    }
  }

  /// A value as it would be written in Swift, long texts shortened.
  static func describe(_ value: Value) -> String {
    switch value {
    case .null: return ".null"
    case .bool(let flag): return ".bool(\(flag))"
    case .int(let number): return ".int(\(number))"
    case .double(let number): return ".double(\(number))"
    case .string(let text): return ".string(\(quote(text)))"
    case .date(let date): return ".date(\(date.timeIntervalSinceReferenceDate))"
    case .data(let data): return ".data(\(data.count) bytes)"
    case .array(let values):
      let shown = values.prefix(4).map(describe).joined(separator: ", ")
      return "[" + shown + (values.count > 4 ? ", … (\(values.count))" : "") + "]"
    case .dictionary(let entries):
      let shown = entries.prefix(4).map { "\(quote($0.key)): \(describe($0.value))" }
      return "[" + (shown.isEmpty ? ":" : shown.joined(separator: ", ")) + "]"
    case .object(let reference): return ".object(\(reference))"
    }
  }

  /// Text quoted as a Swift literal; beyond 40 characters, its start and its length.
  private static func quote(_ text: String) -> String {
    guard text.count > 40 else { return text.debugDescription }
    return String(text.prefix(24)).debugDescription + "…(\(text.count) characters)"
  }
}
