import SwiftDiagnostics
import SwiftSyntax
import SwiftSyntaxMacros

/// `@TableIgnored`: a marker that keeps a stored property out of `@TableBound`'s property table.
///
/// It expands to nothing. `@TableBound` looks for it by name. Attached to anything but a
/// property, it says so.
package struct TableIgnoredExpansion: PeerMacro {
  package static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    if !declaration.is(VariableDeclSyntax.self) {
      context.diagnose(
        Diagnostic(node: Syntax(node), message: TableBoundDiagnostic.ignoredNotOnProperty))
    }
    return []
  }
}
