import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@TableModel diagnostics")
struct TableModelDiagnosticTests {
  @Test(
    "rejects declarations that are not classes, saying why",
    arguments: [
      (
        "struct",
        "@TableModel applies to classes; structs are copied, so rows could not write back to them"
      ),
      (
        "enum",
        "@TableModel applies to classes; enums are copied and have no stored properties to bind"
      ),
      (
        "actor",
        "@TableModel applies to classes; an actor's properties cannot be read and written "
          + "synchronously by a row"
      ),
      ("protocol", "@TableModel applies to classes; a protocol has no stored properties to list"),
    ])
  func notAClass(keyword: String, message: String) {
    assertExpansion(
      """
      @TableModel \(keyword) Task {
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
      "@TableModel requires a final class: the property table is typed by the class itself, "
      + "so a subclass could not share it; add 'final'"
    assertExpansion(
      """
      @TableModel public class Task {
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
        @TableModel public final class Task {
          var name = ""
        }
        """)
  }

  @Test("the fix-it also works when the class has no modifiers")
  func notFinalWithoutModifiers() {
    assertExpansion(
      """
      @TableModel
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
            "@TableModel requires a final class: the property table is typed by the class "
            + "itself, so a subclass could not share it; add 'final'",
          line: 2, column: 7, fixIts: [FixItSpec(message: "add 'final'")])
      ],
      applyFixIts: ["add 'final'"],
      fixedSource: """
        @TableModel
        final class Task {
          var name = ""
        }
        """)
  }

  @Test("an open class is asked to become public final")
  func openClass() {
    assertExpansion(
      """
      @TableModel open class Task {
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
            "@TableModel requires a final class: the property table is typed by the class "
            + "itself, so a subclass could not share it; an open class cannot be final, so make "
            + "it 'public final'",
          line: 1, column: 24, fixIts: [FixItSpec(message: "replace 'open' with 'public final'")])
      ],
      applyFixIts: ["replace 'open' with 'public final'"],
      fixedSource: """
        @TableModel public final class Task {
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
          message: "@TableIgnored applies to stored properties of a @TableModel class",
          line: 1, column: 1)
      ])
  }
}
