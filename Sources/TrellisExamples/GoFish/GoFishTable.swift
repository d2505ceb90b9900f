import Trellis

/// The Go Fish table of seed 002: Cards, Books and Opponents sections, bound to the game.
///
/// No data source code: each section is bound to an array of the game and observes it, so a
/// turn animates as batch updates.
public enum GoFishTable {
  /// Builds the model for `game`.
  public static func model(for game: GoFishGame) -> TableModel {
    model(for: game, asking: false)
  }

  /// The model, its cards buttons that ask for their rank when `asking`; the books and the
  /// opponents are then text, as nothing happens when they are tapped.
  static func model(for game: GoFishGame, asking: Bool) -> TableModel {
    let model = TableModel(title: "Go Fish", style: .grouped)
    model.addSection(
      ContentSection(id: "cards", header: "Cards", binding: game.player, \.hand) { card, row in
        row.text = card.description
        row.imageName = card.imageName
        if asking {
          row.kind = .button
          row.action = .named("ask " + card.rank)
        }
      })
    model.addSection(
      ContentSection(id: "books", header: "Books", binding: game.player, \.books) { book, row in
        row.text = book
        if asking { row.kind = .label }
      })
    model.addSection(
      ContentSection(id: "opponents", header: "Opponents", content: game.opponents) {
        opponent, row in
        row.text = opponent.summary
        row.imageName = "backs_blue"
        if asking { row.kind = .label }
      })
    return model
  }
}
