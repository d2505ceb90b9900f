import Foundation
import Testing

@testable import TrellisWeb

/// Messages to the page are JSON that any parser reads back as written.
@Suite("Server messages")
struct ServerMessageTests {
  private func object(_ message: ServerMessage) throws -> [String: Any] {
    let data = Data(message.json.utf8)
    return try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
  }

  @Test func everyCharacterSurvivesTheRoundTrip() throws {
    let text = "quote \" backslash \\ slash / tab \t line\nreturn\r \u{0} \u{1F} é 漢 🙂 </script>"
    let parsed = try object(.error(text))
    #expect(parsed["type"] as? String == "error")
    #expect(parsed["message"] as? String == text)
    #expect(ServerMessage.error("a/b").json == #"{"type":"error","message":"a/b"}"#)
  }

  @Test func aPatchKeepsItsStepsInOrderAndLeavesOutWhatIsAbsent() throws {
    let ops: [ServerMessage.Op] = [
      .init(op: "deleteRow", sectionIndex: 0, rowIndex: 3),
      .init(op: "insertRow", sectionIndex: 1, rowIndex: 0, html: "<li>\"x\"</li>"),
      .init(op: "replaceSection", sectionIndex: 2, html: "<section></section>"),
    ]
    let json = ServerMessage.patch(pane: "top", bar: "<header>", ops: ops).json
    #expect(
      json.hasPrefix(#"{"type":"patch","pane":"top","bar":"<header>","ops":[{"op":"deleteRow""#))
    let parsed = try object(.patch(pane: "top", bar: "<header>", ops: ops))
    #expect(parsed["index"] == nil)
    let steps = try #require(parsed["ops"] as? [[String: Any]])
    #expect(steps.map { $0["op"] as? String } == ["deleteRow", "insertRow", "replaceSection"])
    #expect(steps[0]["rowIndex"] as? Int == 3 && steps[0]["html"] == nil)
    #expect(steps[1]["html"] as? String == "<li>\"x\"</li>")
    #expect(steps[2]["rowIndex"] == nil && steps[2]["sectionIndex"] as? Int == 2)
  }

  @Test func rowsCarryTheirWindow() throws {
    let parsed = try object(
      .rows(pane: "detail", section: "s1", start: 40, count: 100, rows: ["<li>a</li>", ""]))
    #expect(parsed["section"] as? String == "s1")
    #expect(parsed["start"] as? Int == 40 && parsed["count"] as? Int == 100)
    #expect(parsed["rows"] as? [String] == ["<li>a</li>", ""])
  }
}
