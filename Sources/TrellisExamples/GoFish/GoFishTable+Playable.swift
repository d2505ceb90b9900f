import Trellis

extension GoFishTable {
  /// The table a person plays: a "Play a turn" button above the sections, and the books and
  /// the opponents folding away under their headers (the demo's Go Fish app).
  public static func playableNavigator(for game: GoFishGame) -> Navigator {
    let model = model(for: game)
    for section in model.sections where ["books", "opponents"].contains(section.id) {
      section.isCollapsible = true
    }
    let actions = Section(id: "actions")
    var turn = Row(id: RowID(.string("play")), kind: .button, text: "Play a turn")
    turn.action = .named("playTurn")
    actions.addRow(turn)
    model.insertSection(actions, at: 0)
    let navigator = Navigator(root: Screen(model: model))
    navigator.namedActions["playTurn"] = { _ in game.playTurn() }
    return navigator
  }
}
