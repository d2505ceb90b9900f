import Testing
import Trellis

@testable import TrellisWeb

/// A text field's keyboard, capitalisation and correction reach its input, so that a phone's
/// browser shows the keyboard the row asks for.
@Suite("Typing traits")
struct TypingTraitsTests {
  func html(_ kind: RowKind, _ change: (inout RowAttributes) -> Void) -> String {
    var row = Row(id: RowID(.string("r")), kind: kind, text: "Field")
    change(&row.attributes)
    return HTMLRenderer().row(RowSnapshot(row), index: 0, editing: false)
  }

  @Test func aRowsKeyboardAndCorrectionReachTheInput() {
    let server = html(.textField) {
      $0.keyboard = .url
      $0.autocorrects = false
      $0.autocapitalization = .none
    }
    #expect(server.contains(#"autocapitalize="off" inputmode="url""#), "\(server)")
    #expect(server.contains(#"autocorrect="off" spellcheck="false""#), "\(server)")
    #expect(html(.textField) { $0.keyboard = .emailAddress }.contains(#"inputmode="email""#))
    #expect(html(.textField) { $0.keyboard = .phonePad }.contains(#"inputmode="tel""#))
    #expect(html(.textView) { $0.autocorrects = true }.contains(#"spellcheck="true""#))
    let plain = html(.textField) { _ in }
    #expect(!plain.contains("inputmode") && !plain.contains("spellcheck"), "\(plain)")
    // A numeric field's own keyboard gives way to the one its row names.
    #expect(
      html(.numericTextField) {
        $0.minimum = 0
        $0.keyboard = .phonePad
      }.contains(#"inputmode="tel""#))
  }
}
