import Observation
import Trellis

/// A game of Go Fish between the player and three opponents (seed 002's example).
@Observable
public final class GoFishGame {
  /// The person playing.
  public let player: GoFishPlayer
  /// The other players.
  public let opponents: [GoFishPlayer]
  /// The cards not yet dealt, top last.
  public var pool: [PlayingCard]
  /// What happened in the last turn.
  public var lastEvent = ""
  private var generator: SeededRandom

  /// Starts a game with a deck shuffled from `seed` and five cards each.
  public init(seed: UInt64 = 42) {
    player = GoFishPlayer(name: "You")
    opponents = ["Barney", "Wilma", "Fred"].map { GoFishPlayer(name: $0) }
    var generator = SeededRandom(seed: seed)
    pool = PlayingCard.deck.shuffled(using: &generator)
    self.generator = generator
    for _ in 0..<5 {
      for person in [player] + opponents { draw(for: person) }
    }
  }

  /// The seed 002 table: the player holds four cards and one book; each opponent five cards.
  public static func seedExample() -> GoFishGame {
    let game = GoFishGame(seed: 1)
    game.player.hand = [
      PlayingCard("4", of: .diamonds), PlayingCard("6", of: .spades),
      PlayingCard("9", of: .clubs), PlayingCard("King", of: .hearts),
    ]
    game.player.books = ["8s"]
    let used = Set(game.player.hand).union(
      PlayingCard.Suit.allCases.map { PlayingCard("8", of: $0) })
    var rest = PlayingCard.deck.filter { !used.contains($0) }
    for opponent in game.opponents {
      opponent.hand = Array(rest.prefix(5))
      rest.removeFirst(5)
      opponent.books = []
    }
    game.pool = rest
    return game
  }

  /// Moves the top card of the pool into `person`'s hand, if any is left.
  @discardableResult
  public func draw(for person: GoFishPlayer) -> PlayingCard? {
    guard let card = pool.popLast() else { return nil }
    person.hand.append(card)
    return card
  }

  /// Gives `person` every card of `rank` from `opponent`; returns how many changed hands.
  @discardableResult
  public func ask(_ opponent: GoFishPlayer, for rank: String, by person: GoFishPlayer) -> Int {
    let matching = opponent.hand.filter { $0.rank == rank }
    guard !matching.isEmpty else { return 0 }
    opponent.hand.removeAll { $0.rank == rank }
    person.hand.append(contentsOf: matching)
    return matching.count
  }

  /// Plays one turn for the player: ask a random opponent for a rank in hand; go fish when
  /// they have none; then lay down any books.
  public func playTurn() {
    guard let card = player.hand.randomElement(using: &generator),
      let opponent = opponents.randomElement(using: &generator)
    else {
      draw(for: player)
      lastEvent = "You drew a card."
      return
    }
    let got = ask(opponent, for: card.rank, by: player)
    if got > 0 {
      lastEvent = "\(opponent.name) gave you \(got) × \(card.rank)."
    } else {
      let drawn = draw(for: player)
      lastEvent = "\(opponent.name) said go fish; you drew \(drawn?.description ?? "nothing")."
    }
    let booked = player.layDownBooks()
    if !booked.isEmpty { lastEvent += " Book of \(booked.joined(separator: ", "))s!" }
  }
}
