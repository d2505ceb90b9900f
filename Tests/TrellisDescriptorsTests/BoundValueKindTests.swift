import Foundation
import Testing
import Trellis

@testable import TrellisDescriptors

/// A control bound to a value of another kind is a located warning: changing the control
/// would write its kind of value over the data's.
@Suite("Bound value kinds")
struct BoundValueKindTests {
  @Test func aControlOverAnotherKindOfValueIsWarnedOfWhereItIsBound() throws {
    let text = """
      {"schemaVersion": 1, "sections": [{"rows": [
        {"kind": "switch", "text": "S", "value": "name"},
        {"kind": "numericTextField", "text": "N", "value": "name"},
        {"kind": "date", "text": "D", "value": "name"},
        {"kind": "textField", "text": "T", "value": "tags"},
        {"kind": "switch", "text": "Fine", "value": "flag"},
        {"kind": "date", "text": "Day", "value": "day"},
        {"kind": "numericTextField", "text": "Empty", "value": "none"}
      ]}]}
      """
    let descriptor = try TableDescriptor(data: Data(text.utf8), file: "K.json")
    let data = DocumentObject([
      "name": "Ada", "tags": ["a", "b"], "flag": true, "day": "1815-12-10", "none": .null,
    ])
    let result = descriptor.bind(root: data)
    #expect(result.screen != nil, "warnings leave the screen whole")
    let warnings = result.diagnostics.map(\.description)
    #expect(
      warnings == [
        "K.json:2:44: warning: the switch row is bound to 'name', which holds text (“Ada”), not "
          + "true or false: changing the row would write true or false over it",
        "K.json:3:54: warning: the numericTextField row is bound to 'name', which holds text "
          + "(“Ada”), not a number: changing the row would write a number over it",
        "K.json:4:42: warning: the date row is bound to 'name', which holds text (“Ada”), not a "
          + "date: changing the row would write a date over it",
        "K.json:5:47: warning: the textField row is bound to 'tags', which holds a list "
          + "(“a, b”), not text: changing the row would write text over it",
      ])
  }
}
