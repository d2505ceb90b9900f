import SwiftDiagnostics

/// The messages `@TableBound` and `@TableIgnored` report.
enum TableBoundDiagnostic: String, DiagnosticMessage {
  case onStruct
  case onEnum
  case onActor
  case onProtocol
  case onOther
  case notFinal
  case openNotFinal
  case ignoredNotOnProperty

  var message: String {
    switch self {
    case .onStruct:
      "@TableBound applies to classes; structs are copied, so rows could not write back to them"
    case .onEnum:
      "@TableBound applies to classes; enums are copied and have no stored properties to bind"
    case .onActor:
      "@TableBound applies to classes; an actor's properties cannot be read and written "
        + "synchronously by a row"
    case .onProtocol:
      "@TableBound applies to classes; a protocol has no stored properties to list"
    case .onOther:
      "@TableBound applies to classes"
    case .notFinal:
      "@TableBound requires a final class: the property table is typed by the class itself, "
        + "so a subclass could not share it; add 'final'"
    case .openNotFinal:
      "@TableBound requires a final class: the property table is typed by the class itself, "
        + "so a subclass could not share it; an open class cannot be final, so make it "
        + "'public final'"
    case .ignoredNotOnProperty:
      "@TableIgnored applies to stored properties of a @TableBound class"
    }
  }

  var diagnosticID: MessageID { MessageID(domain: "TrellisMacros", id: rawValue) }

  var severity: DiagnosticSeverity { .error }
}

/// The fix-it that makes a class final.
struct AddFinalFixIt: FixItMessage {
  /// Whether the class was `open`, which becomes `public`.
  var isOpen = false
  var message: String { isOpen ? "replace 'open' with 'public final'" : "add 'final'" }
  var fixItID: MessageID { MessageID(domain: "TrellisMacros", id: "addFinal") }
}
