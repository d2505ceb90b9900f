import SwiftSyntax

/// A stored instance property that `@TableBound` lists.
///
/// Listed: every `var` and `let` binding declared directly in the class body, with or without a
/// type annotation or initial value, one per binding (`var a = 1, b = 2` gives two), including
/// those with only `willSet`/`didSet` observers and the names in a tuple pattern.
///
/// Skipped: `static` and `class` properties, computed properties (a getter-only block, or an
/// accessor block with `get`, `set`, `_read`, `_modify` or addressors), `lazy` properties,
/// properties marked `@TableIgnored`, and names starting with `_` or `$` (the storage that
/// `@Observable` and property wrappers add). Properties inside `#if` blocks are listed under the
/// same conditions (see ``TableEntry``).
struct StoredProperty: Equatable {
  /// The name as the table lists it, without backticks.
  let name: String
  /// The name as Swift writes it in a key path, with backticks where it needs them.
  let identifier: String

  /// The listed properties of one variable declaration, in order.
  static func collect(in variable: VariableDeclSyntax) -> [StoredProperty] {
    guard isListed(variable) else { return [] }
    var result: [StoredProperty] = []
    for binding in variable.bindings where isStored(binding) {
      for token in identifiers(in: binding.pattern) {
        let identifier = token.trimmedDescription
        let name = unquoted(identifier)
        if name.hasPrefix("_") || name.hasPrefix("$") { continue }
        result.append(StoredProperty(name: name, identifier: identifier))
      }
    }
    return result
  }

  /// Whether the declaration as a whole can be listed: not static, lazy or ignored.
  static func isListed(_ variable: VariableDeclSyntax) -> Bool {
    for modifier in variable.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.static), .keyword(.class), .keyword(.lazy): return false
      default: continue
      }
    }
    for attribute in variable.attributes {
      guard let attribute = attribute.as(AttributeSyntax.self) else { continue }
      let name = attribute.attributeName.trimmedDescription
      if name == "TableIgnored" || name.hasSuffix(".TableIgnored") { return false }
    }
    return true
  }

  /// Whether a binding stores its value: no accessors, or only observers and `init`.
  static func isStored(_ binding: PatternBindingSyntax) -> Bool {
    guard let accessorBlock = binding.accessorBlock else { return true }
    switch accessorBlock.accessors {
    case .getter:
      return false
    case .accessors(let accessors):
      return accessors.allSatisfy { accessor in
        switch accessor.accessorSpecifier.tokenKind {
        case .keyword(.willSet), .keyword(.didSet), .keyword(.`init`): true
        default: false
        }
      }
    }
  }

  /// The names a pattern binds: one for `name`, each element's for `(a, b)`.
  static func identifiers(in pattern: PatternSyntax) -> [TokenSyntax] {
    if let identifier = pattern.as(IdentifierPatternSyntax.self) {
      return [identifier.identifier]
    }
    if let tuple = pattern.as(TuplePatternSyntax.self) {
      return tuple.elements.flatMap { identifiers(in: $0.pattern) }
    }
    return []
  }

  /// An identifier without the backticks that escape a keyword.
  static func unquoted(_ identifier: String) -> String {
    guard identifier.count >= 2, identifier.hasPrefix("`"), identifier.hasSuffix("`") else {
      return identifier
    }
    return String(identifier.dropFirst().dropLast())
  }
}
