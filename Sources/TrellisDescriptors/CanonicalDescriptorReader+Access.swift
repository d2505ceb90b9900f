import Trellis

/// The descriptor's `access`: who may do what with the items its sections list.
///
/// ```json
/// "access": {
///   "rules": [
///     {"roles": ["lead"], "allow": ["view", "add", "edit", "delete", "move", "run"]},
///     {"roles": ["member"], "allow": ["view", "add", "edit"], "on": ["Task"],
///      "rows": "owner == $person"}
///   ],
///   "editorKey": "editedBy", "ownerKey": "owner"
/// }
/// ```
extension CanonicalDescriptorReader {
  static let accessKeys = ["rules", "editorKey", "ownerKey"]
  static let ruleKeys = ["roles", "allow", "on", "rows"]

  /// The policy at `access`, when the descriptor has one; each mistake is reported where it
  /// is written.
  func access(_ root: DescriptorNode) -> AccessPolicy? {
    guard let node = root.dictionary("access") else { return nil }
    node.checkKeys(Self.accessKeys, in: "'access'")
    var policy = AccessPolicy(
      rules: [], editorKey: node.string("editorKey"), ownerKey: node.string("ownerKey"))
    if node.require("rules", in: "'access'"), let rules = node.list("rules") {
      policy.rules = rules.compactMap(rule)
    }
    return policy
  }

  private func rule(_ node: DescriptorNode) -> AccessRule? {
    guard node.expectDictionary("an access rule") else { return nil }
    node.checkKeys(Self.ruleKeys, in: "an access rule")
    guard node.require("roles", in: "an access rule"), node.require("allow", in: "an access rule"),
      let roles = node.stringList("roles"), let allowed = node.stringList("allow")
    else { return nil }
    var permissions: Set<Permission> = []
    for (name, element) in allowed {
      guard let permission = Permission(rawValue: name) else {
        reading.error(
          "unknown permission '\(name)'; one of "
            + Permission.allCases.map { "'\($0.rawValue)'" }.joined(separator: ", "),
          at: element.path)
        continue
      }
      permissions.insert(permission)
    }
    var rule = AccessRule(
      roles: Set(roles.map(\.0)), permissions, on: node.stringList("on").map { Set($0.map(\.0)) })
    if let text = node.string("rows") {
      do {
        rule.rows = try Predicate(text)
      } catch {
        reading.error("'rows' is not a predicate: \(error)", at: node.path("rows"))
        return nil
      }
    }
    return rule
  }
}
