/// Filters that say what they are, so that a store can run them in its own query language.
extension ItemFilter {
  /// What a filter is made of.
  public enum Term: Hashable, Sendable {
    /// A predicate with the values of its `$variables`.
    case predicate(Predicate, variables: [String: Value])
    /// Items where any of `keyPaths` contains `text`, ignoring case.
    case search(keyPaths: [String], text: String)
    /// Items that pass every term.
    case all([Term])
    /// A closure: only evaluated in memory.
    case opaque

    /// Whether a store can translate every part of the term.
    public var isTranslatable: Bool {
      switch self {
      case .predicate, .search: true
      case .all(let terms): terms.allSatisfy(\.isTranslatable)
      case .opaque: false
      }
    }
  }

  /// Keeps items for which `predicate` holds. An item whose key paths cannot be read does not
  /// pass.
  public init(_ predicate: Predicate, variables: [String: Value] = [:]) {
    self.init(predicate.description, term: .predicate(predicate, variables: variables)) {
      reader in
      (try? predicate.evaluate(on: ReaderObject(reader), variables: variables)) ?? false
    }
  }

  /// The longest search text, in characters. Screens refuse a longer search before it reaches
  /// a store (``searchTooLongMessage`` says why), and so does a store's REST API: a store's
  /// own limits (an SQL pattern's) lie beyond it, and no one types that much to find a row.
  public static let maximumSearchLength = 1_000

  /// What a person reads when a search is longer than ``maximumSearchLength``.
  public static let searchTooLongMessage =
    "The search is too long: search for at most \(maximumSearchLength) characters."

  /// Keeps items where any of `keyPaths` contains `text`, ignoring case; every item when
  /// `text` is empty.
  public static func search(_ text: String, in keyPaths: [String]) -> ItemFilter {
    ItemFilter("search \(keyPaths) for '\(text)'", term: .search(keyPaths: keyPaths, text: text)) {
      reader in
      text.isEmpty
        || keyPaths.contains {
          reader.value($0)?.displayText.localizedCaseInsensitiveContains(text) == true
        }
    }
  }

  /// Keeps items that pass both filters.
  public static func && (lhs: ItemFilter, rhs: ItemFilter) -> ItemFilter {
    var terms: [Term] = []
    for term in [lhs.term, rhs.term] {
      if case .all(let inner) = term { terms += inner } else { terms.append(term) }
    }
    let (left, right) = (lhs.matches, rhs.matches)
    return ItemFilter("(\(lhs.description)) AND (\(rhs.description))", term: .all(terms)) {
      left($0) && right($0)
    }
  }
}

/// Key-value coding over a ``ValueReader``, so that predicates can read items of any store.
final class ReaderObject: KeyValueCoding {
  let reader: ValueReader

  init(_ reader: ValueReader) { self.reader = reader }

  func value(forKey key: String) throws(BindingError) -> Value {
    guard let value = reader.value(key) else {
      throw .unknownKey(keyPath: key, key: key, on: "item")
    }
    return value
  }

  func setValue(_ value: Value, forKey key: String) throws(BindingError) {
    throw .readOnly(keyPath: key)
  }

  func valueKind(forKey key: String) -> ValueKind? { reader.value(key)?.inferredKind }

  var propertyNames: [String] { [] }
}
