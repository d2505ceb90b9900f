import TrellisPredicates

/// What each role may do: view, add, edit, delete, move or run, per definition, and for which
/// items.
///
/// The core enforces it for every event whatever the host (``Navigator/access``): lists fetch
/// only the items a person may see, Add, Delete and Move show only where they are allowed,
/// detail screens of items the person may not change are read-only, and an event that is not
/// allowed anyway is refused with ``ScreenError/notPermitted(_:)``. Permissions add up: a
/// person may do what any of their roles' rules allows, and nothing else.
///
/// ```swift
/// let policy = AccessPolicy(rules: [
///   AccessRule(roles: ["admin"], Set(Permission.allCases)),
///   AccessRule(roles: ["member"], [.view, .add, .edit, .delete, .move], on: ["Task"],
///              rows: try Predicate("owner == $person")),
/// ], editorKey: "editedBy")
/// ```
public struct AccessPolicy: Sendable, Hashable {
  /// The grants.
  public var rules: [AccessRule]
  /// The property that records who last added or changed an item, set by the core on every
  /// change a person makes where the item's definition has it ("editedBy"); none when `nil`.
  public var editorKey: String?
  /// The property that records who added an item, set when a person adds one where the
  /// definition has it ("owner"), so that rules on `$person` cover the items people add.
  public var ownerKey: String?

  /// Creates a policy.
  public init(rules: [AccessRule], editorKey: String? = nil, ownerKey: String? = nil) {
    self.rules = rules
    self.editorKey = editorKey
    self.ownerKey = ownerKey
  }

  /// A policy that allows everyone everything.
  public static let everything = AccessPolicy(
    rules: [AccessRule(roles: ["*"], Set(Permission.allCases))])

  /// Which items of `subject` the policy lets `person` act on with `permission`.
  public func grant(_ permission: Permission, on subject: String, for person: Person)
    -> AccessGrant
  {
    var predicates: [Predicate] = []
    for rule in rules where rule.covers(permission, on: subject, for: person) {
      guard let rows = rule.rows else { return .all }
      predicates.append(rows)
    }
    guard let first = predicates.first else { return .none }
    return .some(predicates.dropFirst().reduce(first, ||))
  }

  /// Whether `person` may act on the item `reader` reads with `permission` (on any item of
  /// `subject` when `reader` is `nil`: some items may still be refused).
  public func allows(
    _ permission: Permission, on subject: String, for person: Person,
    item reader: ValueReader? = nil
  ) -> Bool {
    switch grant(permission, on: subject, for: person) {
    case .none: return false
    case .all: return true
    case .some(let predicate):
      guard let reader else { return true }
      return
        (try? predicate.evaluate(
          on: ReaderObject(reader), variables: Self.variables(for: person))) ?? false
    }
  }

  /// The values a rule's predicate reads: `$person` and `$roles`.
  public static func variables(for person: Person) -> [String: Value] {
    [
      "person": .string(person.name),
      "roles": .string(person.roles.sorted().joined(separator: ",")),
    ]
  }
}

/// Which items a policy lets a person act on.
public enum AccessGrant: Sendable, Hashable {
  /// None.
  case none
  /// Every item.
  case all
  /// The items the predicate keeps (read with ``AccessPolicy/variables(for:)``).
  case some(Predicate)
}
