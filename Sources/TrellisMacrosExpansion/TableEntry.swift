import SwiftSyntax

/// One entry of a generated property table: a property, or properties under `#if` conditions.
enum TableEntry: Equatable {
  case property(StoredProperty)
  /// An `#if` block: each clause's keyword (`#if`, `#elseif`, `#else`), condition and entries.
  case conditional([Clause])

  /// One clause of an `#if` block.
  struct Clause: Equatable {
    let keyword: String
    let condition: String?
    let entries: [TableEntry]
  }

  /// The entries of a list of members, in declaration order. Empty `#if` blocks are dropped.
  static func collect(in members: MemberBlockItemListSyntax) -> [TableEntry] {
    var result: [TableEntry] = []
    for member in members {
      if let variable = member.decl.as(VariableDeclSyntax.self) {
        result += StoredProperty.collect(in: variable).map(TableEntry.property)
      } else if let block = member.decl.as(IfConfigDeclSyntax.self) {
        let clauses = block.clauses.map { clause in
          var entries: [TableEntry] = []
          if case .decls(let nested) = clause.elements { entries = collect(in: nested) }
          return Clause(
            keyword: clause.poundKeyword.text, condition: clause.condition?.trimmedDescription,
            entries: entries)
        }
        if clauses.contains(where: { !$0.entries.isEmpty }) {
          result.append(.conditional(clauses))
        }
      }
    }
    return result
  }

  /// Whether any entry sits under an `#if`.
  static func hasConditions(_ entries: [TableEntry]) -> Bool {
    entries.contains { if case .conditional = $0 { true } else { false } }
  }

  /// The `.init(...)` expression for a property of `typeName`: its key path, and a closure
  /// that reads it directly, which costs less per read than projecting the key path.
  static func initializer(for property: StoredProperty, of typeName: String) -> String {
    ".init(\(property.name.quotedLiteral), \\\(typeName).\(property.identifier), "
      + "get: { $0.\(property.identifier) })"
  }

  /// `propertyTable = ...` with an array literal, or when `#if` blocks are involved,
  /// `propertyTable: ... = { ... }()` with a closure that appends each property under its
  /// conditions.
  static func tableBinding(_ entries: [TableEntry], of typeName: String) -> String {
    let tableType = "Trellis.PropertyTable<\(typeName)>"
    if !hasConditions(entries) {
      let properties = entries.compactMap { entry -> StoredProperty? in
        if case .property(let property) = entry { property } else { nil }
      }
      if properties.isEmpty { return "propertyTable = \(tableType)([])" }
      let lines = properties.map { "    \(initializer(for: $0, of: typeName))," }
      return "propertyTable = \(tableType)([\n\(lines.joined(separator: "\n"))\n  ])"
    }
    var lines = [
      "propertyTable: \(tableType) = {", "    var properties: [\(tableType).Property] = []",
    ]
    appendStatements(for: entries, of: typeName, indent: "    ", to: &lines)
    lines.append("    return \(tableType)(properties)")
    lines.append("  }()")
    return lines.joined(separator: "\n")
  }

  /// Appends one `properties.append(...)` per property, inside the `#if` blocks they came from.
  static func appendStatements(
    for entries: [TableEntry], of typeName: String, indent: String, to lines: inout [String]
  ) {
    for entry in entries {
      switch entry {
      case .property(let property):
        lines.append("\(indent)properties.append(\(initializer(for: property, of: typeName)))")
      case .conditional(let clauses):
        for clause in clauses {
          let directive = [clause.keyword, clause.condition].compactMap { $0 }
          lines.append(indent + directive.joined(separator: " "))
          appendStatements(for: clause.entries, of: typeName, indent: indent + "  ", to: &lines)
        }
        lines.append("\(indent)#endif")
      }
    }
  }
}
