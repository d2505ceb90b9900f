import Testing

@testable import TrellisWeb

/// The page's messages: readable keys, rows and sections by identity, and strict parsing with
/// errors that name the field and the message type.
@Suite("Client messages")
struct ClientMessageTests {
  @Test func rowsAndSectionsAreNamedByIdentity() throws {
    let cases: [(String, ClientMessage)] = [
      (#"{"type":"select","row":"r1"}"#, .init(pane: .top, action: .select(row: "r1"))),
      (
        #"{"type":"set","pane":"detail","row":"r2","value":"x"}"#,
        .init(pane: .detail, action: .setValue(row: "r2", .string("x")))
      ),
      (
        #"{"type":"set","row":"r2","value":null}"#,
        .init(pane: .top, action: .setValue(row: "r2", .null))
      ),
      (
        #"{"type":"set","row":"r2","value":2.5}"#,
        .init(pane: .top, action: .setValue(row: "r2", .number(2.5)))
      ),
      (
        #"{"type":"set","row":"r2","value":"abc","was":"ab"}"#,
        .init(pane: .top, action: .setValue(row: "r2", .string("abc"), over: "ab"))
      ),
      (
        #"{"type":"set","row":"r2","value":true}"#,
        .init(pane: .top, action: .setValue(row: "r2", .bool(true)))
      ),
      (#"{"type":"delete","row":"r3"}"#, .init(pane: .top, action: .delete(row: "r3"))),
      (
        #"{"type":"move","row":"r3","before":"r1"}"#,
        .init(pane: .top, action: .move(row: "r3", to: .before(row: "r1")))
      ),
      (
        #"{"type":"move","row":"r3","after":"r1"}"#,
        .init(pane: .top, action: .move(row: "r3", to: .after(row: "r1")))
      ),
      (
        #"{"type":"move","row":"r3","toSection":"s2"}"#,
        .init(pane: .top, action: .move(row: "r3", to: .endOf(section: "s2")))
      ),
      (#"{"type":"add"}"#, .init(pane: .top, action: .add(section: nil))),
      (#"{"type":"add","section":"s1"}"#, .init(pane: .top, action: .add(section: "s1"))),
      (#"{"type":"loadMore","section":"s1"}"#, .init(pane: .top, action: .loadMore(section: "s1"))),
      (
        #"{"type":"window","section":"n","start":10,"end":20}"#,
        .init(pane: .top, action: .window(section: "n", start: 10, end: 20))
      ),
      (#"{"type":"edit","on":true}"#, .init(pane: .top, action: .event(.setEditing(true)))),
      (#"{"type":"search","text":"milk"}"#, .init(pane: .top, action: .event(.search("milk")))),
      (#"{"type":"layout","wide":false}"#, .init(pane: .top, action: .layout(wide: false))),
      (#"{"type":"done"}"#, .init(pane: .top, action: .event(.done))),
      (#"{"type":"refresh"}"#, .init(pane: .top, action: .event(.refresh))),
    ]
    for (text, expected) in cases {
      #expect(try ClientMessage.parse(text) == expected, "\(text)")
    }
  }

  @Test func badMessagesGetAnErrorThatNamesTheFieldAndType() {
    let cases: [(String, WebProtocolError)] = [
      ("not json", .malformed("the message is not a JSON object")),
      ("[1,2]", .malformed("the message is not a JSON object")),
      (#"{"t":"select","s":0,"r":1}"#, .malformed("the message has no \"type\"")),
      (#"{"type":"fly"}"#, .unknownType("fly")),
      (#"{"type":"select"}"#, .missingField("row", in: "select")),
      (#"{"type":"set","row":"r1"}"#, .missingField("value", in: "set")),
      (
        #"{"type":"select","row":3}"#,
        .invalidField("row", in: "select", "expected text, found a number")
      ),
      (
        #"{"type":"set","row":"r1","value":[1]}"#,
        .invalidField(
          "value", in: "set", "expected text, a number, true or false, or null; found an array")
      ),
      (#"{"type":"select","row":"r1","s":0}"#, .unknownField("s", in: "select")),
      (
        #"{"type":"done","pane":"sideways"}"#,
        .invalidField("pane", in: "done", "\"sideways\" is not \"top\" or \"detail\"")
      ),
      (
        #"{"type":"type","pane":1}"#,
        .invalidField("pane", in: "type", "expected text, found a number")
      ),
      (
        #"{"type":"move","row":"r1"}"#,
        .invalidField(
          "before", in: "move", "give exactly one of \"before\", \"after\" or \"toSection\"")
      ),
      (
        #"{"type":"move","row":"r1","before":"r2","after":"r3"}"#,
        .invalidField(
          "before", in: "move", "give exactly one of \"before\", \"after\" or \"toSection\"")
      ),
      (
        #"{"type":"window","section":"n","start":-1,"end":2}"#,
        .invalidField("start", in: "window", "-1 is negative")
      ),
      (
        #"{"type":"window","section":"n","start":1.5,"end":2}"#,
        .invalidField("start", in: "window", "1.5 is not a whole number")
      ),
      (
        #"{"type":"window","section":"n","start":5,"end":2}"#,
        .invalidField("end", in: "window", "2 is before start 5")
      ),
      (
        #"{"type":"edit","on":"yes"}"#,
        .invalidField("on", in: "edit", "expected true or false, found text")
      ),
      (#"{"type":"edit"}"#, .missingField("on", in: "edit")),
      (
        #"{"type":"set","row":"r1","value":{"a":1}}"#,
        .invalidField(
          "value", in: "set", "expected text, a number, true or false, or null; found an object")
      ),
      (
        #"{"type":"search","text":"\ud800"}"#,
        .invalidField(
          "text", in: "search",
          "expected text, found a value that cannot be read (a number too large, or text that "
            + "is not Unicode)")
      ),
    ]
    for (text, expected) in cases {
      #expect(throws: expected, "\(text)") { try ClientMessage.parse(text) }
    }
    #expect(
      WebProtocolError.missingField("row", in: "set").description
        == "the \"set\" message has no \"row\"")
    #expect(
      WebProtocolError.rowGone("r7").description.contains("That row is no longer on this screen"))
  }
}

@Suite("Accessory and insert messages")
struct AccessoryMessageTests {
  @Test func accessoryAndInsertNameTheirRow() throws {
    #expect(
      try ClientMessage.parse(#"{"type":"accessory","row":"r1"}"#).action == .accessory(row: "r1"))
    #expect(try ClientMessage.parse(#"{"type":"insert","row":"r2"}"#).action == .insert(row: "r2"))
    #expect(throws: WebProtocolError.self) { try ClientMessage.parse(#"{"type":"accessory"}"#) }
  }

  @Test func detailButtonsAreButtonsOfTheirOwn() {
    var row = Row(id: RowID(.string("a")), kind: .plain, text: "Ada")
    row.accessory = .detailDisclosureButton
    row.action = .pushDetail
    let html = HTMLRenderer().row(RowSnapshot(row), index: 0, editing: false, key: "k")
    #expect(
      html.contains(
        #"<button type="button" class="accessory-button" aria-label="Details for Ada"><span class="info">i</span></button>"#
      ))
    // Not inside the row's own button.
    #expect(html.components(separatedBy: "</button>").count == 3)
    row.editingStyle = .insert
    let editing = HTMLRenderer().row(RowSnapshot(row), index: 0, editing: true, key: "k")
    #expect(editing.contains(#"class="row-insert" aria-label="Insert Ada">+</button>"#))
    #expect(!editing.contains("accessory-button"))
  }
}
