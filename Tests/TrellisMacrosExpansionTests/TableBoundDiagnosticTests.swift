import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@TableBound diagnostics")
struct TableBoundDiagnosticTests {
  @Test(
    "rejects declarations that are not classes, saying why",
    arguments: [
      (
        "struct",
        "@TableBound applies to classes; structs are copied, so rows could not write back to them"
      ),
      (
        "enum",
        "@TableBound applies to classes; enums are copied and have no stored properties to bind"
      ),
      (
        "actor",
        "@TableBound applies to classes; an actor's properties cannot be read and written "
          + "synchronously by a row"
      ),
      ("protocol", "@TableBound applies to classes; a protocol has no stored properties to list"),
    ])
  func notAClass(keyword: String, message: String) {
    assertExpansion(
      """
      @TableBound \(keyword) Task {
      }
      """,
      expandedSource: """
        \(keyword) Task {
        }
        """,
      diagnostics: [DiagnosticSpec(message: message, line: 1, column: 1)])
  }

  @Test("asks for final, with a fix-it that adds it")
  func notFinal() {
    let message =
      "@TableBound requires a final class: the property table is typed by the class itself, "
      + "so a subclass could not share it; add 'final'"
    assertExpansion(
      """
      @TableBound public class Task {
        var name = ""
      }
      """,
      expandedSource: """
        public class Task {
          var name = ""
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message: message, line: 1, column: 26, fixIts: [FixItSpec(message: "add 'final'")])
      ],
      applyFixIts: ["add 'final'"],
      fixedSource: """
        @TableBound public final class Task {
          var name = ""
        }
        """)
  }

  @Test("the fix-it also works when the class has no modifiers")
  func notFinalWithoutModifiers() {
    assertExpansion(
      """
      @TableBound
      class Task {
        var name = ""
      }
      """,
      expandedSource: """
        class Task {
          var name = ""
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "@TableBound requires a final class: the property table is typed by the class "
            + "itself, so a subclass could not share it; add 'final'",
          line: 2, column: 7, fixIts: [FixItSpec(message: "add 'final'")])
      ],
      applyFixIts: ["add 'final'"],
      fixedSource: """
        @TableBound
        final class Task {
          var name = ""
        }
        """)
  }

  @Test("an open class is asked to become public final")
  func openClass() {
    assertExpansion(
      """
      @TableBound open class Task {
        var name = ""
      }
      """,
      expandedSource: """
        open class Task {
          var name = ""
        }
        """,
      diagnostics: [
        DiagnosticSpec(
          message:
            "@TableBound requires a final class: the property table is typed by the class "
            + "itself, so a subclass could not share it; an open class cannot be final, so make "
            + "it 'public final'",
          line: 1, column: 24, fixIts: [FixItSpec(message: "replace 'open' with 'public final'")])
      ],
      applyFixIts: ["replace 'open' with 'public final'"],
      fixedSource: """
        @TableBound public final class Task {
          var name = ""
        }
        """)
  }

  @Test("@TableIgnored on something other than a property is reported")
  func ignoredOnFunction() {
    assertExpansion(
      """
      @TableIgnored func reset() {}
      """,
      expandedSource: """
        func reset() {}
        """,
      diagnostics: [
        DiagnosticSpec(
          message: "@TableIgnored applies to stored properties of a @TableBound class",
          line: 1, column: 1)
      ])
  }
}
