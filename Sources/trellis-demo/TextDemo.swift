import Trellis
import TrellisExamples
import TrellisTerminal

/// The text demo (`trellis-demo --text`): live examples, each shown before and after one
/// change, with the batch update a table view would receive.
enum TextDemo {
  static func run() throws {
    let renderer = TextRenderer(width: 56)

    func show(_ model: TableModel, _ caption: String) {
      print("── \(caption) ──")
      model.processChanges()
      print(renderer.render(model.screenSnapshot()))
    }

    func showScreen(_ screen: Screen, _ caption: String) {
      print("── \(caption) ──")
      screen.model.processChanges()
      print(renderer.render(screen.snapshot()))
    }

    func describe(_ changeset: TableChangeset) {
      print("Batch updates sent to the host:")
      for (index, stage) in changeset.stages.enumerated() {
        print("  stage \(index + 1): \(stage)")
      }
      print()
    }

    // Go Fish (seed 002): sections bound to the game's arrays.
    let game = GoFishGame.seedExample()
    let goFish = GoFishTable.model(for: game)
    show(goFish, "Go Fish")
    game.player.hand.append(contentsOf: [
      PlayingCard("4", of: .clubs), PlayingCard("4", of: .hearts), PlayingCard("4", of: .spades),
    ])
    game.player.layDownBooks()
    game.draw(for: game.opponents[0])
    describe(goFish.processChanges())
    show(goFish, "Go Fish, after drawing three 4s, booking them, and Barney drawing a card")

    // The Strings Section (seed 000): rows from an array of strings.
    let (strings, section) = StringsExample.model()
    show(strings, "Strings Section")
    let watcher = strings.observe(describe)
    try strings.moveRow(from: ItemPath(item: 2, section: 0), to: ItemPath(item: 0, section: 0))
    section.content.append("Four")
    strings.processChanges()
    watcher.cancel()
    show(strings, "Strings Section, after moving \"Three!\" to the top and adding \"Four\"")

    // The Tasks app (seed 000): a list, a generated detail, and a validation message.
    let (tasksNavigator, _) = try TasksApp.sampleNavigator()
    showScreen(tasksNavigator.top, "Tasks")
    let first = tasksNavigator.top.model.rowID(at: ItemPath(item: 0, section: 0))
    if let first { try tasksNavigator.handle(.select(first)) }
    showScreen(tasksNavigator.top, "Tasks › Write the report (a generated detail screen)")
    try tasksNavigator.handle(.cancel)
    try tasksNavigator.handle(.add(section: nil))
    do {
      try tasksNavigator.handle(.done)
    } catch {
      print("Done refused: \(error)\n")
    }
    showScreen(tasksNavigator.top, "Tasks › New Task, after tapping Done with no name")
  }
}
