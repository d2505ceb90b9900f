import Testing
import Trellis

@testable import TrellisWeb

/// The messages a page's socket holds while the hub is busy: which replace one another, when
/// a page is flooding, and what is left when the page goes.
@Suite("Page socket steps")
struct PageSocketStepTests {
  typealias Step = PageSocketHandler.Step

  static func message(_ text: String) -> Result<ClientMessage, WebProtocolError> {
    Result { () throws(WebProtocolError) in try ClientMessage.parse(text) }
  }

  /// The waiting messages, as the page wrote them (`nil` for other steps).
  static func texts(_ steps: [Step]) -> [String] {
    steps.map { step in
      guard case .message(.success(let message)) = step else { return "\(step)" }
      switch message.action {
      case .event(.search(let text)): return "search \(text)"
      case .window(let section, let start, _): return "window \(section) \(start)"
      case .select(let row): return "select \(row)"
      case .setValue(let row, _, _): return "set \(row)"
      default: return "\(message.action)"
      }
    }
  }

  static func enqueue(_ texts: [String], onto steps: inout [Step]) -> Bool {
    texts.allSatisfy {
      PageSocketHandler.enqueue(message($0), onto: &steps, checkingSignIn: { false })
    }
  }

  /// A flood of searches waits as one, the last; a search after another message waits
  /// behind it, so that the message meets the list it was sent for.
  @Test func aSearchWaitingIsReplacedByTheNext() {
    var steps: [Step] = []
    let searches = (1...500).map { #"{"type":"search","text":"s\#($0)"}"# }
    #expect(Self.enqueue(searches, onto: &steps))
    #expect(Self.texts(steps) == ["search s500"])
    #expect(
      Self.enqueue(
        [
          #"{"type":"select","row":"r1"}"#, #"{"type":"search","text":"a"}"#,
          #"{"type":"search","text":"ab"}"#, #"{"type":"search","text":"x","pane":"detail"}"#,
        ], onto: &steps))
    #expect(Self.texts(steps) == ["search s500", "select r1", "search ab", "search x"])
  }

  /// A window replaces the one waiting for the same section only.
  @Test func aWindowReplacesTheOneWaitingForItsSection() {
    var steps: [Step] = []
    #expect(
      Self.enqueue(
        [
          #"{"type":"window","section":"a","start":0,"end":10}"#,
          #"{"type":"window","section":"a","start":50,"end":60}"#,
          #"{"type":"window","section":"b","start":5,"end":9}"#,
        ], onto: &steps))
    #expect(Self.texts(steps) == ["window a 50", "window b 5"])
  }

  /// More messages waiting than a page sends at once is a flood: the next is refused.
  @Test func aFloodIsRefused() {
    var steps: [Step] = []
    let taps = (0..<PageSocketHandler.mostWaitingSteps).map {
      #"{"type":"select","row":"r\#($0)"}"#
    }
    #expect(Self.enqueue(taps, onto: &steps))
    #expect(!Self.enqueue([#"{"type":"select","row":"one more"}"#], onto: &steps))
    #expect(steps.count == PageSocketHandler.mostWaitingSteps)
  }

  /// When the page goes, what only changed the page goes with it; its edits stay, then the
  /// session closes.
  @Test func closingKeepsEditsAndDropsWhatOnlyChangedThePage() {
    var steps: [Step] = []
    #expect(
      Self.enqueue(
        [
          #"{"type":"search","text":"a"}"#, #"{"type":"set","row":"r1","value":"Ann"}"#,
          #"{"type":"window","section":"a","start":0,"end":10}"#, #"{"type":"nonsense"}"#,
          #"{"type":"loadMore","section":"a"}"#, #"{"type":"done"}"#,
        ], onto: &steps))
    PageSocketHandler.closeSession(after: &steps)
    #expect(Self.texts(steps) == ["set r1", "event(Trellis.ScreenEvent.done)", "close"])
  }
}
