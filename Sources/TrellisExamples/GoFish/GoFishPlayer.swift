import Observation
import Trellis

/// A Go Fish player: a hand of cards and the books (four of a rank) laid down.
@Observable
public final class GoFishPlayer {
  /// The player's name.
  public let name: String
  /// The cards in hand.
  public var hand: [PlayingCard]
  /// The ranks of the books laid down.
  public var books: [String]

  /// Creates a player.
  public init(name: String, hand: [PlayingCard] = [], books: [String] = []) {
    self.name = name
    self.hand = hand
    self.books = books
  }

  /// How an opponent is listed: "Barney (5 cards, 0 books)".
  public var summary: String { "\(name) (\(hand.count) cards, \(books.count) books)" }

  /// Lays down every rank held four times; returns the ranks booked.
  @discardableResult
  public func layDownBooks() -> [String] {
    var counts: [String: Int] = [:]
    for card in hand { counts[card.rank, default: 0] += 1 }
    let complete = PlayingCard.ranks.filter { counts[$0] == 4 }
    guard !complete.isEmpty else { return [] }
    hand.removeAll { complete.contains($0.rank) }
    books.append(contentsOf: complete.map { $0 + "s" })
    return complete
  }
}

/// Every window of the web demo shows the one game: what closed windows' rows read of a
/// player (an opponent's summary reads all three) is let go of when Trellis asks.
extension GoFishPlayer: ObservationReleasing {
  public func announceUnchanged() {
    _$observationRegistrar.withMutation(of: self, keyPath: \.hand) {}
    _$observationRegistrar.withMutation(of: self, keyPath: \.books) {}
  }
}
