import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// Go Fish as the demo plays it: a card tapped asks for its rank, the opponents take their
/// turns, what happened is said, and a game played to its end offers a new one.
@Suite("Go Fish played")
struct GoFishPlayTests {
  @Test func aGameIsPlayedToItsEndAndStartedAgain() throws {
    let game = GoFishGame(seed: 3)
    let app = HeadlessApp(navigator: GoFishTable.playableNavigator(for: game))
    let card = try #require(game.player.hand.first)
    try app.tap(card.description)
    let said = game.events
    #expect(said.count == 4, "\(said)")
    #expect(said[0].hasPrefix("You asked ") && said[0].contains(" for \(card.rank)s"), "\(said)")
    #expect(app.row(said[0]) != nil, "what happened is on the table")
    #expect(game.player.hand == game.player.hand.sorted(by: PlayingCard.inRankOrder))
    var rounds = 1
    while !game.isOver && rounds < 1_000 {
      try app.tap(GoFishGame.playATurn)
      try app.host.check()
      rounds += 1
    }
    #expect(game.isOver, "over after \(rounds) rounds")
    let books = ([game.player] + game.opponents).map(\.books.count)
    #expect(books.reduce(0, +) == 13)
    #expect(books.dropFirst().contains { $0 > 0 }, "the opponents make books too")
    #expect(game.events.last?.hasPrefix("Game over: ") == true)
    #expect(app.row(GoFishGame.playATurn) == nil)
    try app.tap(GoFishGame.newGame)
    #expect(game.player.hand.count == 5)
    #expect(game.opponents.allSatisfy { $0.hand.count == 5 && $0.books.isEmpty })
    #expect(app.row(GoFishGame.playATurn) != nil)
    try app.host.check()
  }
}
