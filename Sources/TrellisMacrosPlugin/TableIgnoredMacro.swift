import SwiftSyntax
import SwiftSyntaxMacros
import TrellisMacrosExpansion

/// `@TableIgnored` as the compiler finds it in this plugin; ``TableIgnoredExpansion`` writes
/// the expansion (see ``TableBoundMacro`` for why it lives in a library).
struct TableIgnoredMacro: PeerMacro {
  static func expansion(
    of node: AttributeSyntax,
    providingPeersOf declaration: some DeclSyntaxProtocol,
    in context: some MacroExpansionContext
  ) throws -> [DeclSyntax] {
    try TableIgnoredExpansion.expansion(of: node, providingPeersOf: declaration, in: context)
  }
}
