import Trellis

extension GoFishTable {
  /// The table a person plays: what happened in the last round and the button that plays
  /// the next (or, once the game is over, starts a new one) above the sections; a card
  /// tapped asks for its rank; the books and the opponents fold away under their headers
  /// (the demo's Go Fish app).
  public static func playableNavigator(for game: GoFishGame) -> Navigator {
    let model = model(for: game, asking: true)
    for section in model.sections where ["books", "opponents"].contains(section.id) {
      section.isCollapsible = true
    }
    // What happened is text to read, not something to tap.
    let said = ContentSection(id: "turn", binding: game, \.events) { line, row in
      row.text = line
      row.kind = .label
      row.attributes.cellStyle = .subtitle
    }
    let actions = ContentSection(id: "actions", binding: game, \.choices) { choice, row in
      row.text = choice
      row.kind = .button
      row.action = .named(choice == GoFishGame.newGame ? "newGame" : "playTurn")
    }
    model.insertSection(said, at: 0)
    model.insertSection(actions, at: 1)
    let navigator = Navigator(root: Screen(model: model))
    navigator.namedActions["playTurn"] = { _ in game.playTurn() }
    navigator.namedActions["newGame"] = { _ in
      game.restart(seed: UInt64.random(in: 1...UInt64.max))
    }
    for rank in PlayingCard.ranks {
      navigator.namedActions["ask " + rank] = { _ in game.playTurn(asking: rank) }
    }
    return navigator
  }
}
