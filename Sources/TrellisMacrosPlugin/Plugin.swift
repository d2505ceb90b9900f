import SwiftCompilerPlugin
import SwiftSyntaxMacros

/// The compiler plugin that provides Trellis's macros.
@main
struct TrellisMacrosPlugin: CompilerPlugin {
  let providingMacros: [Macro.Type] = [
    TableBoundMacro.self,
    TableIgnoredMacro.self,
  ]
}
