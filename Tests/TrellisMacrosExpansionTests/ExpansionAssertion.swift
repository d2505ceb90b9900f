import SwiftSyntax
import SwiftSyntaxMacroExpansion
import SwiftSyntaxMacrosGenericTestSupport
import Testing
import TrellisMacrosExpansion

/// The conformances `@TableBound` declares, as the compiler passes them when none is present.
let bothConformances: [TypeSyntax] = [
  "Trellis.PropertyTableProviding", "Trellis.ValueConvertible",
]

/// Expands `@TableBound` and `@TableIgnored` in `source` and records an issue for every
/// difference from `expanded` or from the expected diagnostics.
func assertExpansion(
  _ source: String,
  expandedSource expanded: String,
  diagnostics: [DiagnosticSpec] = [],
  conformances: [TypeSyntax] = bothConformances,
  applyFixIts: [String]? = nil,
  fixedSource: String? = nil,
  sourceLocation: Testing.SourceLocation = #_sourceLocation
) {
  assertMacroExpansion(
    source,
    expandedSource: expanded,
    diagnostics: diagnostics,
    macroSpecs: [
      "TableBound": MacroSpec(type: TableBoundExpansion.self, conformances: conformances),
      "TableIgnored": MacroSpec(type: TableIgnoredExpansion.self),
    ],
    applyFixIts: applyFixIts,
    fixedSource: fixedSource,
    indentationWidth: .spaces(2),
    failureHandler: { failure in
      Issue.record(Comment(rawValue: failure.message), sourceLocation: sourceLocation)
    }
  )
}
