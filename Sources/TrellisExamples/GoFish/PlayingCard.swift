/// A playing card: a rank and a suit, shown as "4-of-Diamonds".
public struct PlayingCard: Hashable, Sendable, CustomStringConvertible {
  /// The suits, in the order a new deck holds them.
  public enum Suit: String, CaseIterable, Sendable {
    case clubs = "Clubs"
    case diamonds = "Diamonds"
    case hearts = "Hearts"
    case spades = "Spades"
  }

  /// The ranks, low to high; a rank's name is how a book of it is shown ("8s").
  public static let ranks = [
    "2", "3", "4", "5", "6", "7", "8", "9", "10", "Jack", "Queen", "King", "Ace",
  ]

  /// The rank's name.
  public let rank: String
  /// The suit.
  public let suit: Suit

  /// Creates a card.
  public init(_ rank: String, of suit: Suit) {
    self.rank = rank
    self.suit = suit
  }

  public var description: String { "\(rank)-of-\(suit.rawValue)" }

  /// The image a host shows for the card.
  public var imageName: String { "\(rank.lowercased())_of_\(suit.rawValue.lowercased())" }

  /// A full deck in a fixed order.
  public static var deck: [PlayingCard] {
    Suit.allCases.flatMap { suit in ranks.map { PlayingCard($0, of: suit) } }
  }

  /// Whether `first` goes before `second` in a hand sorted by rank, then suit.
  public static func inRankOrder(_ first: PlayingCard, _ second: PlayingCard) -> Bool {
    let ranks = (ranks.firstIndex(of: first.rank) ?? 0, ranks.firstIndex(of: second.rank) ?? 0)
    if ranks.0 != ranks.1 { return ranks.0 < ranks.1 }
    let suits = Suit.allCases
    return (suits.firstIndex(of: first.suit) ?? 0) < (suits.firstIndex(of: second.suit) ?? 0)
  }
}
