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
  /// What happened in the last round, a line per player's turn.
  public var events = ["Tap a card to ask for its rank, or play a turn."]
  /// What happened in the last round, in one line.
  public var lastEvent: String { events.joined(separator: " ") }
  /// What the player may do: play a turn, or, once the game is over, start a new one.
  public var choices = [GoFishGame.playATurn]
  /// The choice that plays a turn.
  public static let playATurn = "Play a turn"
  /// The choice that starts a new game.
  public static let newGame = "New game"
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

  /// Plays a round: the player asks an opponent for `rank` (one of their hand's, or one
  /// picked for them), going fish when the opponent has none, and lays down any books; then
  /// each opponent does the same. ``events`` says what happened; once every card is in a
  /// book the game is over, and ``choices`` offers a new one.
  public func playTurn(asking rank: String? = nil) {
    guard !isOver else { return }
    var said = [turn(of: player, asking: rank)]
    for opponent in opponents where !isOver { said.append(turn(of: opponent, asking: nil)) }
    player.hand.sort(by: PlayingCard.inRankOrder)
    if isOver {
      said.append(result)
      choices = [Self.newGame]
    }
    events = said
  }

  /// Deals a new game from `seed` to the same players, as a new table would.
  public func restart(seed: UInt64) {
    generator = SeededRandom(seed: seed)
    pool = PlayingCard.deck.shuffled(using: &generator)
    for person in players {
      person.hand = []
      person.books = []
    }
    for _ in 0..<5 {
      for person in players { draw(for: person) }
    }
    player.hand.sort(by: PlayingCard.inRankOrder)
    events = ["A new game: five cards each. Tap a card to ask for its rank."]
    choices = [Self.playATurn]
  }

  /// Whether every card is in a book: no one holds any, and the pool is empty.
  public var isOver: Bool { pool.isEmpty && players.allSatisfy { $0.hand.isEmpty } }

  /// Everyone at the table, the player first.
  var players: [GoFishPlayer] { [player] + opponents }

  /// Who won, once the game is over.
  var result: String {
    let most = players.map(\.books.count).max() ?? 0
    let winners = players.filter { $0.books.count == most }.map { $0 === player ? "You" : $0.name }
    let verb = winners == ["You"] ? "win" : winners.count == 1 ? "wins" : "tie"
    return "Game over: \(winners.joined(separator: " and ")) \(verb) with \(most) books."
  }

  /// One player's turn, in words: ask someone holding cards for a rank of one's own hand
  /// (`wanted` when the hand has it), take theirs or go fish, then lay down books.
  private func turn(of person: GoFishPlayer, asking wanted: String?) -> String {
    let subject = person === player ? "You" : person.name
    if person.hand.isEmpty {
      guard draw(for: person) != nil else { return "\(subject) had no cards left to play." }
      return "\(subject) had no cards, and drew one."
    }
    let held = Set(person.hand.map(\.rank))
    let rank =
      wanted.flatMap { held.contains($0) ? $0 : nil }
      ?? person.hand.randomElement(using: &generator)?.rank ?? ""
    let others = players.filter { $0 !== person && !$0.hand.isEmpty }
    guard let asked = others.randomElement(using: &generator) else {
      draw(for: person)
      return "\(subject) had no one to ask, and drew a card."
    }
    let whom = asked === player ? "you" : asked.name
    let got = ask(asked, for: rank, by: person)
    var line: String
    if got > 0 {
      line = "\(subject) asked \(whom) for \(rank)s and got \(got)."
    } else {
      let drawn = draw(for: person)
      line = "\(subject) asked \(whom) for \(rank)s: go fish"
      if let drawn, person === player {
        line += "; you drew the \(drawn.description)."
      } else {
        line += drawn == nil ? ", but the pool is empty." : "."
      }
    }
    let booked = person.layDownBooks()
    if !booked.isEmpty { line += " Book of \(booked.map { $0 + "s" }.joined(separator: ", "))!" }
    return line
  }
}
