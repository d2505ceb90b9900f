import TrellisPredicates

/// One grant of an ``AccessPolicy``: people with one of ``roles`` may do ``permissions`` to
/// the items ``on`` names, or to those of them that ``rows`` keeps.
///
/// ```swift
/// // Members see, add, change and delete only their own tasks.
/// AccessRule(roles: ["member"], [.view, .add, .edit, .delete], on: ["Task"],
///            rows: try Predicate("owner == $person"))
/// ```
public struct AccessRule: Sendable, Hashable {
  /// The roles the rule grants to; `"*"` grants to everyone signed in.
  public var roles: Set<String>
  /// What the rule allows.
  public var permissions: Set<Permission>
  /// The definition names (for ``Permission/run``, the action names) the rule covers; every
  /// one when `nil`.
  public var on: Set<String>?
  /// Which items the rule covers, read with `$person` (the person's name) and `$roles`
  /// (their roles, comma-separated); every item when `nil`. Lists fetch only these items
  /// from the store, so that no other item ever reaches the person.
  public var rows: Predicate?

  /// Creates a rule.
  public init(
    roles: Set<String>, _ permissions: Set<Permission>, on: Set<String>? = nil,
    rows: Predicate? = nil
  ) {
    self.roles = roles
    self.permissions = permissions
    self.on = on
    self.rows = rows
  }

  /// Whether the rule grants `permission` on `subject` to `person`, whatever the item.
  func covers(_ permission: Permission, on subject: String, for person: Person) -> Bool {
    permissions.contains(permission)
      && (roles.contains("*") || !roles.isDisjoint(with: person.roles))
      && (on.map { $0.contains(subject) } ?? true)
  }
}
