import Foundation
import Testing
import TrellisTesting

@testable import TrellisWeb

/// The page's messages against hostile input: every kind of message mutated many times over.
/// Each variant reads as a message or is refused with an error; never a crash. A window that
/// reads asks for rows in order from zero on.
@Suite("Client message fuzzing")
struct ClientMessageFuzzTests {
  static let messages = [
    #"{"type":"select","row":"r1"}"#, #"{"type":"set","pane":"detail","row":"r2","value":"x"}"#,
    #"{"type":"set","row":"r2","value":2.5}"#, #"{"type":"delete","row":"r3"}"#,
    #"{"type":"move","row":"r3","before":"r1"}"#, #"{"type":"move","row":"r3","toSection":"s2"}"#,
    #"{"type":"add","section":"s1"}"#, #"{"type":"loadMore","section":"s1"}"#,
    #"{"type":"window","section":"n","start":10,"end":20}"#, #"{"type":"edit","on":true}"#,
    #"{"type":"search","text":"milk"}"#, #"{"type":"layout","wide":false}"#,
    #"{"type":"accessory","row":"r1"}"#, #"{"type":"toggle","section":"s"}"#,
  ]

  @Test func aMutatedMessageReadsOrIsRefused() {
    var mutator = TextMutator(
      seed: 0xC11E,
      words: [
        #""type":"#, #""row":"#, #""pane":"detail""#, "1e308", "-0", "9007199254740993", "1.5",
        #""\ud800""#, "[]", "{}", "null", #""start":"#, #""end":"#,
      ],
      swaps: [("\"r1\"", "1"), (":", ""), ("\"", "'"), ("10", "-10"), ("20", "1e20")])
    var read = 0
    for message in Self.messages {
      for _ in 0..<300 {
        let text = mutator.mutate(message)
        switch WebSession.read(text, limit: 4_096) {
        case .success(let parsed):
          read += 1
          if case .window(_, let start, let end) = parsed.action {
            #expect(start >= 0 && end >= start, "\(text)")
          }
        case .failure(let error):
          #expect(!error.description.isEmpty)
        }
      }
    }
    #expect(read > Self.messages.count * 10)
  }
}
