/// Someone using an app: a name that identifies them and the roles an ``AccessPolicy`` reads.
///
/// Hosts that sign people in (the web host) attach the person to each session's
/// ``Navigator/access``; a host without sign-in leaves it `nil`, and everything is allowed.
public struct Person: Hashable, Sendable, Codable, CustomStringConvertible {
  /// The name the person signs in with, unique among the people of a server.
  public var name: String
  /// The roles the policy grants permissions to ("admin", "member").
  public var roles: Set<String>

  /// Creates a person.
  public init(name: String, roles: Set<String> = []) {
    self.name = name
    self.roles = roles
  }

  public var description: String { name }
}
