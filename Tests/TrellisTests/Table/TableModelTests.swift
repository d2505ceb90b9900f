import Foundation
import Testing
import Trellis
import TrellisExamples
import TrellisTesting

@Suite("Table model")
struct TableModelTests {
  @Test func goFishDealAndBookGiveValidBatchUpdates() throws {
    let game = GoFishGame.seedExample()
    let model = GoFishTable.model(for: game)
    let host = HeadlessHost(model: model)
    #expect(
      host.texts == [
        ["4-of-Diamonds", "6-of-Spades", "9-of-Clubs", "King-of-Hearts"], ["8s"],
        ["Barney (5 cards, 0 books)", "Wilma (5 cards, 0 books)", "Fred (5 cards, 0 books)"],
      ])
    // Deal: the player draws a card, an opponent draws one.
    let drawn = try #require(game.draw(for: game.player))
    game.draw(for: game.opponents[1])
    try host.check()
    #expect(host.texts[0].last == drawn.description)
    #expect(host.texts[2][1] == "Wilma (6 cards, 0 books)")
    #expect(host.changesets.last?.totals.itemInserts == 1)
    #expect(host.changesets.last?.totals.itemReloads == 1)
    // Form a book of 4s: three more 4s arrive from Barney, then all four are laid down.
    let fours = [
      PlayingCard("4", of: .clubs), PlayingCard("4", of: .hearts), PlayingCard("4", of: .spades),
    ]
    for opponent in game.opponents { opponent.hand.removeAll { fours.contains($0) } }
    game.pool.removeAll { fours.contains($0) }
    let barneyBefore = game.opponents[0].hand.count
    game.opponents[0].hand.append(contentsOf: fours)
    try host.check()
    let given = game.ask(game.opponents[0], for: "4", by: game.player)
    #expect(given == 3)
    #expect(game.player.layDownBooks() == ["4"])
    try host.check()
    #expect(host.texts[1] == ["8s", "4s"])
    #expect(!host.texts[0].contains { $0.hasPrefix("4-of") })
    #expect(host.texts[2][0] == "Barney (\(barneyBefore) cards, 0 books)")
    #expect(host.table.visible == model.freshSnapshot().sections)
  }

  @Test func goFishTurnsStayValid() throws {
    let game = GoFishGame(seed: 7)
    let model = GoFishTable.model(for: game)
    let host = HeadlessHost(model: model)
    for _ in 0..<60 {
      game.playTurn()
      try host.check()
    }
    #expect(host.changesets.count > 10)
    #expect(host.texts[0] == game.player.hand.map(\.description))
    #expect(host.texts[1] == game.player.books)
  }

  @Test func editingABoundTextRowChangesTheObject() throws {
    let profile = Profile()
    let model = TableModel(title: "Profile")
    let section = Section(header: "Name")
    section.addRow(
      "First name", kind: .textField, binding: RowBinding(profile, keyPath: "firstName"))
    section.addRow("Age", kind: .numericTextField, binding: RowBinding(profile, keyPath: "age"))
    model.addSection(section)
    let host = HeadlessHost(model: model)
    try model.setValue("Ada", at: ItemPath(item: 0, section: 0))
    #expect(profile.firstName == "Ada")
    try host.check()
    #expect(host.rows(inSection: 0)[0].value == "Ada")
    // A change made elsewhere reaches the row through observation.
    profile.age = 41
    try host.check()
    #expect(host.rows(inSection: 0)[1].value == 41)
    #expect(host.changesets.last?.totals.itemReloads == 1)
  }

  @Test func anInvalidWriteChangesNothing() throws {
    let profile = Profile()
    let model = TableModel()
    let section = Section()
    section.addRow("Age", kind: .numericTextField, binding: RowBinding(profile, keyPath: "age"))
    model.addSection(section)
    let host = HeadlessHost(model: model)
    #expect(
      throws: TableEditError.binding(
        .typeMismatch(keyPath: "age", expected: "Int", found: "String"))
    ) {
      try model.setValue("abc", at: ItemPath(item: 0, section: 0))
    }
    #expect(profile.age == 40)
    try host.check()
    #expect(host.changesets.isEmpty)
    #expect(throws: TableEditError.rowOutOfRange(path: "[0, 3]", count: 1)) {
      try model.setValue(1, at: ItemPath(item: 3, section: 0))
    }
    #expect(throws: TableEditError.sectionOutOfRange(4, count: 1)) {
      try model.setValue(1, at: ItemPath(item: 0, section: 4))
    }
  }

  @Test func movingARowBetweenSectionsChangesBothArrays() throws {
    let game = GoFishGame.seedExample()
    let model = TableModel()
    let mine = ContentSection(header: "Mine", binding: game.player, \.hand) { card, row in
      row.text = card.description
    }
    let theirs = ContentSection(header: "Theirs", binding: game.opponents[0], \.hand) {
      card, row in
      row.text = card.description
    }
    for section in [mine, theirs] {
      section.rowDefaults = RowDefaults(isMovable: true, isDeletable: true)
      model.addSection(section)
    }
    let host = HeadlessHost(model: model)
    let card = game.player.hand[1]
    try model.moveRow(from: ItemPath(item: 1, section: 0), to: ItemPath(item: 2, section: 1))
    #expect(!game.player.hand.contains(card))
    #expect(game.opponents[0].hand[2] == card)
    try host.check()
    #expect(host.changesets.last?.totals.itemMoves == 1)
    #expect(host.changesets.last?.stages.count == 1)
    // Within a section.
    try model.moveRow(from: ItemPath(item: 0, section: 1), to: ItemPath(item: 5, section: 1))
    #expect(game.opponents[0].hand.last?.description == host.texts[1].last)
    try host.check()
    // Delete.
    try model.deleteRow(at: ItemPath(item: 0, section: 0))
    #expect(game.player.hand.count == 2)
    try host.check()
  }

  @Test func refusedMovesChangeNothingAndSayWhy() throws {
    let (model, strings) = StringsExample.model()
    let fixed = Section(id: "fixed", header: "Fixed")
    fixed.addRow("Locked")
    fixed.rowDefaults.acceptsMovesIn = false
    model.addSection(fixed)
    let numbers = ContentSection<Int>(id: "numbers", content: [1, 2]) { n, row in row.text = "\(n)"
    }
    numbers.rowDefaults = RowDefaults(isMovable: true)
    model.addSection(numbers)
    let host = HeadlessHost(model: model)
    #expect(
      throws: TableEditError.refused(
        section: "fixed", reason: "it does not accept rows from other sections")
    ) {
      try model.moveRow(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 0, section: 1))
    }
    #expect(throws: TableEditError.refused(section: "numbers", reason: "it holds Int, not String"))
    {
      try model.moveRow(from: ItemPath(item: 0, section: 0), to: ItemPath(item: 0, section: 2))
    }
    #expect(throws: TableEditError.notMovable(path: "[1, 0]")) {
      try model.moveRow(from: ItemPath(item: 0, section: 1), to: ItemPath(item: 0, section: 0))
    }
    strings.isEditable = false
    #expect(
      throws: TableEditError.sectionNotEditable(
        section: "strings", reason: "the section is read-only")
    ) {
      try model.deleteRow(at: ItemPath(item: 0, section: 0))
    }
    #expect(strings.content == ["One", "Two", "Three!"])
    #expect(numbers.content == [1, 2])
    try host.check()
    #expect(host.changesets.isEmpty)
  }

  @Test func repeatedStringsKeepDistinctIdentities() throws {
    let (model, strings) = StringsExample.model()
    let host = HeadlessHost(model: model)
    strings.content = ["One", "One", "Two", "One"]
    try host.check()
    strings.content = ["One", "Two"]
    try host.check()
    #expect(host.texts == [["One", "Two"]])
    #expect(host.changesets.allSatisfy { $0.fullReload == nil })
  }

  @Test(arguments: [["a", "b", "c"], ["a", "b", "a", "c", "a"], []])
  func valueIdentitiesAreTheSameOnEveryPath(strings: [String]) throws {
    // Unique strings and integers take a shortcut; it must name rows as the general rule does.
    let general = ContentSection(content: strings, identity: { RowID.automatic($0) }) {
      _, _ in
    }
    #expect(ContentSection(content: strings) { _, _ in }.elementIDs() == general.elementIDs())
    let numbers = strings.map { Int($0.unicodeScalars.first?.value ?? 0) }
    let generalNumbers = ContentSection(
      content: numbers, identity: { RowID.automatic($0) }
    ) { _, _ in }
    #expect(
      ContentSection(content: numbers) { _, _ in }.elementIDs() == generalNumbers.elementIDs())
    #expect(Set(general.elementIDs()).count == strings.count)
  }

  @Test func hiddenRowsAreLeftOutAndEditsMapToTheRightElement() throws {
    let model = TableModel()
    let section = ContentSection<Int>(content: [1, 2, 3, 4, 5, 6]) { n, row in
      row.text = "\(n)"
      row.isVisible = n % 2 == 0
    }
    section.rowDefaults = RowDefaults(isMovable: true, isDeletable: true)
    model.addSection(section)
    let host = HeadlessHost(model: model)
    #expect(host.texts == [["2", "4", "6"]])
    try model.moveRow(from: ItemPath(item: 2, section: 0), to: ItemPath(item: 0, section: 0))
    #expect(host.texts == [["6", "2", "4"]])
    try model.deleteRow(at: ItemPath(item: 1, section: 0))
    #expect(!section.content.contains(2))
    #expect(host.texts == [["6", "4"]])
    try host.check()
  }

  @Test func sectionChangesReachTheHost() throws {
    let (model, strings) = StringsExample.model()
    let host = HeadlessHost(model: model)
    strings.headerTitle = "Words"
    let extra = Section(header: "Extra")
    extra.addRow("Hello")
    model.insertSection(extra, at: 0)
    try host.check()
    #expect(host.table.visible.map(\.model.header) == ["Extra", "Words"])
    try model.moveSection(from: 1, to: 0)
    try model.removeSection(at: 1)
    try host.check()
    #expect(host.texts == [["One", "Two", "Three!"]])
  }

  @Test func wakeHandlerIsCalledWhenObservedDataChanges() throws {
    let game = GoFishGame.seedExample()
    let model = GoFishTable.model(for: game)
    _ = model.shown
    let woken = WakeCounter()
    model.setWakeHandler { woken.increment() }
    game.player.books.append("Qs")
    #expect(woken.count >= 1)
    #expect(model.hasPendingChanges)
  }
}

final class WakeCounter: @unchecked Sendable {
  private let lock = NSLock()
  private var value = 0
  func increment() { lock.withLock { value += 1 } }
  var count: Int { lock.withLock { value } }
}
