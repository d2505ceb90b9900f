import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxBuilder
import SwiftSyntaxMacros

/// `@TableBound`: gives a final class its property table and the conformances that use it.
///
/// For
///
/// ```swift
/// @Observable @TableBound final class TaskItem {
///   var name = ""
///   var completed = false
/// }
/// ```
///
/// it writes
///
/// ```swift
/// extension TaskItem: Trellis.PropertyTableProviding, Trellis.ValueConvertible {
///   static let propertyTable = Trellis.PropertyTable<TaskItem>([
///     .init("name", \TaskItem.name, get: { $0.name }),
///     .init("completed", \TaskItem.completed, get: { $0.completed }),
///   ])
/// }
/// ```
///
/// The table lists the stored instance properties in declaration order (see
/// ``StoredProperty``), keeping `#if` blocks around the ones declared inside them (see
/// ``TableEntry``). Conformances the class already declares are not repeated.
package struct TableBoundExpansion: ExtensionMacro {
  package static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    guard let classDecl = declaration.as(ClassDeclSyntax.self) else {
      context.diagnose(Diagnostic(node: Syntax(node), message: misuse(of: declaration)))
      return []
    }
    guard classDecl.modifiers.contains(where: { $0.name.tokenKind == .keyword(.final) }) else {
      context.diagnose(notFinal(classDecl, attribute: node))
      return []
    }
    let typeName = type.trimmedDescription
    let entries = TableEntry.collect(in: classDecl.memberBlock.members)
    let table = TableEntry.tableBinding(entries, of: typeName)
    let access = accessModifier(of: classDecl)
    let conformances = protocols.map(\.trimmedDescription).joined(separator: ", ")
    let header = conformances.isEmpty ? typeName : "\(typeName): \(conformances)"
    let source: DeclSyntax = """
      extension \(raw: header) {
        \(raw: access)static let \(raw: table)
      }
      """
    guard let extensionDecl = source.as(ExtensionDeclSyntax.self) else { return [] }
    return [extensionDecl]
  }

  /// The message for a declaration that is not a class.
  static func misuse(of declaration: some DeclGroupSyntax) -> TableBoundDiagnostic {
    if declaration.is(StructDeclSyntax.self) { return .onStruct }
    if declaration.is(EnumDeclSyntax.self) { return .onEnum }
    if declaration.is(ActorDeclSyntax.self) { return .onActor }
    if declaration.is(ProtocolDeclSyntax.self) { return .onProtocol }
    return .onOther
  }

  /// The "add 'final'" error, with a fix-it that inserts it before `class` (and for an `open`
  /// class, which cannot be final, makes it `public`).
  static func notFinal(_ classDecl: ClassDeclSyntax, attribute: AttributeSyntax) -> Diagnostic {
    let keyword = classDecl.classKeyword
    let finalModifier = DeclModifierSyntax(
      leadingTrivia: keyword.leadingTrivia, name: .keyword(.final), trailingTrivia: .space)
    var isOpen = false
    var newModifiers = DeclModifierListSyntax(
      classDecl.modifiers.map { modifier in
        guard modifier.name.tokenKind == .keyword(.open) else { return modifier }
        isOpen = true
        return modifier.with(
          \.name, .keyword(.public, trailingTrivia: modifier.name.trailingTrivia))
      })
    newModifiers.append(finalModifier)
    let newKeyword = keyword.with(\.leadingTrivia, [])
    return Diagnostic(
      node: Syntax(classDecl.name),
      message: isOpen ? TableBoundDiagnostic.openNotFinal : TableBoundDiagnostic.notFinal,
      fixIts: [
        FixIt(
          message: AddFinalFixIt(isOpen: isOpen),
          changes: [
            .replace(oldNode: Syntax(classDecl.modifiers), newNode: Syntax(newModifiers)),
            .replace(oldNode: Syntax(keyword), newNode: Syntax(newKeyword)),
          ])
      ])
  }

  /// `public `, `package ` or nothing: the generated member is as visible as the class. (An
  /// `open` class cannot be final, so it never gets this far.)
  static func accessModifier(of classDecl: ClassDeclSyntax) -> String {
    for modifier in classDecl.modifiers {
      switch modifier.name.tokenKind {
      case .keyword(.public): return "public "
      case .keyword(.package): return "package "
      default: continue
      }
    }
    return ""
  }
}

extension String {
  /// This string as a Swift string literal.
  var quotedLiteral: String {
    var result = "\""
    for scalar in unicodeScalars {
      switch scalar {
      case "\"": result += "\\\""
      case "\\": result += "\\\\"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result + "\""
  }
}
