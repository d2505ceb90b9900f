import SwiftSyntax
import SwiftSyntaxMacros
import TrellisMacrosExpansion

/// `@TableBound` as the compiler finds it in this plugin; ``TableBoundExpansion`` writes the
/// expansion.
///
/// The expansion lives in a library so that its tests link it without depending on a macro
/// target, which would make SwiftPM build every test, and everything they use, a second time
/// for the host.
struct TableBoundMacro: ExtensionMacro {
  static func expansion(
    of node: AttributeSyntax,
    attachedTo declaration: some DeclGroupSyntax,
    providingExtensionsOf type: some TypeSyntaxProtocol,
    conformingTo protocols: [TypeSyntax],
    in context: some MacroExpansionContext
  ) throws -> [ExtensionDeclSyntax] {
    try TableBoundExpansion.expansion(
      of: node, attachedTo: declaration, providingExtensionsOf: type, conformingTo: protocols,
      in: context)
  }
}
