/// Why a draft could not be committed: one message per property, in definition order.
public struct ValidationFailure: Error, Hashable, Sendable, CustomStringConvertible {
  /// The property names and their messages.
  public var messages: [(name: String, message: String)] {
    names.map { ($0, storage[$0] ?? "") }
  }
  private var names: [String]
  private var storage: [String: String]

  init(_ messages: [(String, String)]) {
    names = messages.map(\.0)
    storage = Dictionary(messages, uniquingKeysWith: { first, _ in first })
  }

  /// The message for `name`.
  public func message(for name: String) -> String? { storage[name] }

  public var description: String {
    messages.map { "\($0.name): \($0.message)" }.joined(separator: "; ")
  }

  public static func == (lhs: Self, rhs: Self) -> Bool {
    lhs.names == rhs.names && lhs.storage == rhs.storage
  }

  public func hash(into hasher: inout Hasher) {
    hasher.combine(names)
    hasher.combine(storage)
  }
}
