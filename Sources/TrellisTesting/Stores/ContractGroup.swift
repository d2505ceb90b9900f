import Trellis

/// A group members point at, for ``RelationshipContract``.
public final class ContractGroup: PropertyTableProviding, ValueConvertible {
  /// The group's name.
  public var name = ""

  /// An empty group.
  public init() {}

  /// A group with a name.
  public convenience init(name: String) {
    self.init()
    self.name = name
  }

  public static let propertyTable = PropertyTable<ContractGroup>([
    .init("name", \ContractGroup.name)
  ])

  /// The definition of groups.
  public static func definition() throws(DiagnosticList) -> DataDefinition {
    var definition = try DataDefinition(for: ContractGroup.self, make: { ContractGroup() })
    definition.name = "Group"
    return definition
  }
}

/// A member with a to-one `group` and a many-to-many `badges`, for ``RelationshipContract``.
public final class ContractMember: PropertyTableProviding, ValueConvertible {
  /// The member's name.
  public var name = ""
  /// The group the member belongs to, if any.
  public var group: ContractGroup?
  /// Groups the member wears as badges: many members may hold the same group.
  public var badges: [ContractGroup] = []

  /// An empty member.
  public init() {}

  /// A member with a name and a group.
  public convenience init(name: String, group: ContractGroup?) {
    self.init()
    self.name = name
    self.group = group
  }

  public static let propertyTable = PropertyTable<ContractMember>([
    .init("name", \ContractMember.name), .init("group", \ContractMember.group),
    .init("badges", \ContractMember.badges),
  ])

  /// The definition of members.
  public static func definition() throws(DiagnosticList) -> DataDefinition {
    var definition = try DataDefinition(for: ContractMember.self, make: { ContractMember() })
    definition.name = "Member"
    return definition
  }
}
