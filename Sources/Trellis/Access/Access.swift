/// Who is using a navigator, and the policy that says what they may do.
///
/// A host that signs people in sets ``Navigator/access`` for each session; without it the
/// core allows everything (one person on their own machine).
public struct Access: Sendable, Hashable {
  /// The person.
  public var person: Person
  /// What each role may do.
  public var policy: AccessPolicy

  /// Creates access for `person` under `policy`.
  public init(person: Person, policy: AccessPolicy) {
    self.person = person
    self.policy = policy
  }

  /// Whether the person may act on the item `reader` reads (on some item when `nil`).
  public func allows(_ permission: Permission, on subject: String, item reader: ValueReader? = nil)
    -> Bool
  {
    policy.allows(permission, on: subject, for: person, item: reader)
  }

  /// The filter that keeps the items the person may see of `subject`: `nil` when they may
  /// see every one.
  public func viewFilter(on subject: String) -> ItemFilter? {
    switch policy.grant(.view, on: subject, for: person) {
    case .all: nil
    case .none: ItemFilter(.never)
    case .some(let predicate):
      ItemFilter(predicate, variables: AccessPolicy.variables(for: person))
    }
  }

  /// What a person reads when `permission` on `subject` is refused: "You may not delete this
  /// task.", or for ``Permission/run`` "You may not run “Archive”."
  public func refusal(_ permission: Permission, on subject: String) -> String {
    "You may not \(permission.verb) \(permission == .run ? "“\(subject)”" : "this \(subject.lowercased())")."
  }
}
