import Foundation
import Trellis

/// An action a descriptor names like an app's selector, which Trellis carries out itself.
///
/// Every format names one where it names a selector (the canonical `action`, RCSTableKit's
/// `action:sel`, RMSTableViews' `selectorString`): `pop`, `dismiss`, `delete`, `save`,
/// `reload`, `present:NAME` and `set:KEYPATH=VALUE`, beside `push:NAME` and `open:URL`, which
/// are the pushes and links descriptors already make. An action the app registers under the
/// same selector wins over the built-in one.
public enum BuiltInAction: Hashable, Sendable {
  /// Goes back to the screen below.
  case pop
  /// Shows the descriptor of this name as a sheet over the screen.
  case present(String)
  /// Closes the sheet the screen is in (the topmost screen presented), with every screen
  /// pushed on it.
  case dismiss
  /// Writes a value at a key path of the row's object.
  case set(keyPath: String, value: Value)
  /// Deletes the row's object from the list that holds it.
  case delete
  /// Commits the screen's draft, if it has one, then runs the library's
  /// ``DescriptorLibrary/onSave``.
  case save
  /// Reads the data again, after the library's ``DescriptorLibrary/onReload``: every row
  /// shows the current values and sources fetch again.
  case reload

  /// The verbs a selector may start with: the built-in actions, pushes and links.
  public static let verbs = [
    "push", "pop", "present", "dismiss", "open", "set", "delete", "save", "reload",
  ]

  /// The selector that names this action: `pop`, `present:Settings`, `set:done=true`.
  public var selector: String {
    switch self {
    case .pop: "pop"
    case .present(let name): "present:" + name
    case .dismiss: "dismiss"
    case .set(let keyPath, let value): "set:\(keyPath)=\(Self.literal(value))"
    case .delete: "delete"
    case .save: "save"
    case .reload: "reload"
    }
  }

  /// The built-in action `selector` names, or `nil` for any other selector.
  ///
  /// - Throws: a message when the selector starts like a built-in action but cannot be one
  ///   (`set:done`, without a value).
  init?(selector: String) throws(DescriptorActionError) {
    switch selector {
    case "pop": self = .pop
    case "dismiss": self = .dismiss
    case "delete": self = .delete
    case "save": self = .save
    case "reload": self = .reload
    default:
      guard let colon = selector.firstIndex(of: ":") else { return nil }
      let verb = selector[..<colon]
      let argument = String(selector[selector.index(after: colon)...])
      // `save:` and the like are Objective-C selectors an app registers, not built-ins.
      guard !argument.isEmpty else { return nil }
      switch verb {
      case "present": self = .present(argument)
      case "set":
        guard let equals = argument.firstIndex(of: "="), equals != argument.startIndex else {
          throw DescriptorActionError(
            "'\(selector)' needs a key path and a value: set:KEYPATH=VALUE")
        }
        let keyPath = String(argument[..<equals])
        let text = String(argument[argument.index(after: equals)...])
        self = .set(keyPath: keyPath, value: Self.value(of: text))
      default: return nil
      }
    }
  }

  /// The value a selector's text stands for: JSON (`true`, `3`, `"Ann"`, `[1, 2]`), or else
  /// the text itself (`set:status=done`).
  static func value(of text: String) -> Value {
    if let document = try? LocatedDocument(text: "[" + text + "]", format: .json),
      let values = document.root.arrayValue, values.count == 1
    {
      return values[0]
    }
    return .string(text)
  }

  /// `value` as a selector writes it: JSON where JSON holds it, else its text.
  static func literal(_ value: Value) -> String {
    switch value {
    case .null: return "null"
    case .bool(let flag): return flag ? "true" : "false"
    case .int(let number): return String(number)
    case .double(let number): return RowSnapshot.numberText(number)
    case .string(let text):
      let escaped = text.replacingOccurrences(of: "\\", with: "\\\\")
        .replacingOccurrences(of: "\"", with: "\\\"")
      return "\"" + escaped + "\""
    default:
      guard let data = try? DocumentWriter.data(for: value, format: .json) else {
        return value.displayText
      }
      return String(decoding: data, as: UTF8.self)
    }
  }
}

/// Why a selector that starts like a built-in action cannot be one.
struct DescriptorActionError: Error {
  let message: String
  init(_ message: String) { self.message = message }
}
