import Foundation
import Testing
import Trellis
import TrellisDescriptors
import TrellisTesting

@Suite("DocumentStore")
struct DocumentStoreTests {
  static func directory() throws -> URL {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent(
      "trellis-documents-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    return url
  }

  @Test func keepsTheStoreContract() throws {
    let folder = try Self.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    var number = 0
    let failures = StoreContract.check { records in
      number += 1
      let url = folder.appendingPathComponent("list-\(number).json")
      let root: Value = .dictionary(["title": "People", "items": .array(records.map(\.dictionary))])
      _ = try DocumentFile.create(at: url, root: root, format: .json)
      return try DocumentStore(contentsOf: url, itemsKeyPath: "items")
    }
    #expect(failures == [])
  }

  /// A document in `format`: keys out of alphabetical order, a nested dictionary, an array.
  static func sample(_ format: DocumentFormat) -> Value {
    let number: Value = format == .openStepPlist ? "41" : 41
    return .dictionary(
      ValueDictionary([
        ("zulu", "Ann"), ("alpha", number), ("tags", ["red", "blue"]),
        ("address", .dictionary(ValueDictionary([("city", "Oslo"), ("street", "Storgata")]))),
      ]))
  }

  /// The formats of trees; separated values, a list of records, are in
  /// `DocumentStoreCSVTests`.
  @Test(arguments: DocumentFormat.allCases.filter { ![.csv, .tsv].contains($0) })
  func aRoundTripKeepsTheFormatAndKeyOrder(_ format: DocumentFormat) throws {
    let folder = try Self.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("doc.\(format.preferredPathExtension)")
    _ = try DocumentFile.create(at: url, root: Self.sample(format), format: format)

    let store = try DocumentStore(contentsOf: url)
    #expect(store.format == format)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    // The form ends with the row that adds a key (`DocumentNewKeyTests`).
    #expect(app.texts == [["Zulu", "Alpha", "Tags", "Address", "Add Key…"]])
    #expect(app.row("Address")?.kind == .object)
    #expect(app.row("Tags")?.kind == .arrayOfObjects)
    try app.enter("Bea", at: "Zulu")
    // A nested dictionary is an object screen; Done writes it into the tree.
    try app.tap("Address")
    try app.enter("Bergen", at: "City")
    try app.send(.done)
    // An array is a list that can be edited.
    try app.tap("Tags")
    #expect(app.texts == [["red", "blue"]])
    try app.send(.setEditing(true))
    try app.send(
      .move(app.rowID(at: ItemPath(item: 1, section: 0)), to: ItemPath(item: 0, section: 0)))
    try app.send(.back)
    #expect(store.hasUnsavedChanges)
    try store.save()
    #expect(!store.hasUnsavedChanges)

    let reread = try DocumentFile(contentsOf: url)
    #expect(reread.format == format)
    let root = try #require(reread.root.dictionaryValue)
    #expect(root.keys == ["zulu", "alpha", "tags", "address"])
    #expect(root["zulu"] == "Bea")
    #expect(root["alpha"] == Self.sample(format).dictionaryValue?["alpha"])
    #expect(root["tags"] == ["blue", "red"])
    #expect(root["address"]?.dictionaryValue?.keys == ["city", "street"])
    #expect(root["address"]?.dictionaryValue?["city"] == "Bergen")
  }

  /// A list's entry that lacks the keys its title is read from shows its keys, not a blank
  /// row; an entry whose title is empty stays blank.
  /// Two windows over one document: a value entered in one shows in the other, which read
  /// the tree before, as it would in a window opened afterwards.
  @Test func aValueEnteredInOneWindowShowsInAnother() throws {
    let folder = try Self.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("doc.json")
    _ = try DocumentFile.create(at: url, root: Self.sample(.json), format: .json)
    let store = try DocumentStore(contentsOf: url)
    let first = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    let second = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    #expect(second.row("Zulu")?.value == "Ann")
    try first.enter("Bea", at: "Zulu")
    #expect(second.navigator.top.model.hasPendingChanges, "the second window hears of it")
    second.navigator.processChanges()
    #expect(second.row("Zulu")?.value == "Bea")
    let fresh = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    #expect(fresh.row("Zulu")?.value == second.row("Zulu")?.value)
    #expect(first.host.violations.isEmpty && second.host.violations.isEmpty)
  }

  /// An entry of a list in the tree is its value: once another window changed it, a form
  /// opened on it before cannot find it, and says so without losing what was entered.
  @Test func anEntryChangedInAnotherWindowRefusesDoneAndKeepsTheValues() throws {
    let folder = try Self.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("people.json")
    let root: Value = .dictionary(
      ValueDictionary([
        (
          "people",
          [
            .dictionary(["name": "Ada", "born": 1815]),
            .dictionary(["name": "Alan", "born": 1912]),
          ]
        )
      ]))
    _ = try DocumentFile.create(at: url, root: root, format: .json)
    let store = try DocumentStore(contentsOf: url)
    let first = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    let second = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    for app in [first, second] {
      try app.tap("People")
      try app.tap("Alan")
    }
    try first.enter(.int(1913), at: "Born")
    try first.send(.done)
    try second.enter("Alan T", at: "Name")
    #expect(throws: ScreenError.self) { try second.send(.done) }
    let notice = second.navigator.top.snapshot().notice ?? ""
    #expect(notice.contains("changed or deleted this item"), "\(notice)")
    #expect(second.row("Name")?.value == "Alan T")
    let people = store.root.root.dictionaryValue?["people"]?.arrayValue
    #expect(people?.last == .dictionary(["name": "Alan", "born": 1913]))
  }

  /// A long list of a document's entries, opened from its form, renders the rows a host
  /// reads: an edit to one entry renders that entry's row, not the list.
  @Test func anEditInALongListOfEntriesRendersTheRowsShown() throws {
    let folder = try Self.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("people.json")
    let people = (0..<2_000).map { Value.dictionary(["name": .string("P\($0)"), "born": 1900]) }
    _ = try DocumentFile.create(
      at: url, root: .dictionary(ValueDictionary([("people", .array(people))])), format: .json)
    let store = try DocumentStore(contentsOf: url)
    // Another window shows the list through the headless table view, which checks each
    // changeset it is given.
    let other = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    try other.tap("People")
    let navigator = Navigator(root: try store.screen(title: "Doc"))
    navigator.processChanges()
    let people0 = try #require(navigator.top.model.rowID(at: ItemPath(item: 0, section: 0)))
    try navigator.handle(.select(people0))
    let list = navigator.top.model
    #expect(list.snapshot.sections[0].items.prefix(2).map(\.text) == ["P0", "P1"])
    let opened = list.statistics.rowBuilds
    #expect(opened < 100, "opening built \(opened) rows")

    try navigator.handle(.select(try #require(list.rowID(at: ItemPath(item: 1, section: 0)))))
    let name = try #require(navigator.top.model.rowID(at: ItemPath(item: 0, section: 0)))
    try navigator.handle(.setValue(name, "Bea"))
    try navigator.handle(.done)
    #expect(navigator.top.model === list)
    #expect(list.snapshot.sections[0].items.prefix(3).map(\.text) == ["P0", "Bea", "P2"])
    let edited = list.statistics.rowBuilds - opened
    #expect(edited < 10, "the edit built \(edited) rows")
    other.navigator.processChanges()
    try other.host.check()
    #expect(other.texts[0].prefix(3) == ["P0", "Bea", "P2"])
    #expect(other.host.violations.isEmpty)
    #expect(store.hasUnsavedChanges)
    try store.save()
    let saved = try DocumentFile(contentsOf: url).root.dictionaryValue?["people"]?.arrayValue
    #expect(saved?[1] == .dictionary(["name": "Bea", "born": 1900]))
    #expect(saved?.count == 2_000)
    // Every row reads as a fresh window shows it, through the headless table view.
    let fresh = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    try fresh.tap("People")
    #expect(fresh.texts[0].count == 2_000)
    #expect(fresh.texts[0] == list.snapshot.sections[0].items.map(\.text))
    #expect(fresh.host.violations.isEmpty)
  }

  @Test func anEntryWithoutTheTitlesKeysShowsItsKeys() throws {
    let folder = try Self.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("doc.json")
    let root: Value = [
      "people": [["name": "Ann"], ["age": 3], ["name": ""]], "mixed": ["a", 2, ["x": "y"]],
    ]
    _ = try DocumentFile.create(at: url, root: root, format: .json)
    let store = try DocumentStore(contentsOf: url)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    try app.tap("People")
    #expect(app.texts == [["Ann", "{age}", ""]])
    try app.send(.back)
    try app.tap("Mixed")
    #expect(app.texts == [["a", "2", "{x}"]])
  }

  /// A list's entries are edited like the document's root: each key as the first entry that
  /// holds a value shows it (a number as a number, a nested list as a list, a nested
  /// dictionary as a form), and a new entry starts with every key, blank, to be filled in.
  @Test func aListsEntriesAndNewOnesAreEditedLikeTheRoot() throws {
    let folder = try Self.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("people.json")
    let root: Value = [
      "people": [
        ["name": "Alan", "born": 1912, "email": .null, "tags": [], "home": .null],
        [
          "name": "Ada", "born": 1815, "email": "ada@example.com", "tags": ["math", "poetry"],
          "home": ["city": "London"],
        ],
      ]
    ]
    _ = try DocumentFile.create(at: url, root: root, format: .json)
    let store = try DocumentStore(contentsOf: url)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    try app.tap("People")
    try app.tap("Ada")
    #expect(app.row("Born")?.kind == .numericTextField)
    #expect(app.row("Tags")?.kind == .arrayOfObjects)
    #expect(app.row("Home")?.kind == .object)
    try app.tap("Tags")
    #expect(app.texts == [["math", "poetry"]])
    try app.send(.back)
    try app.send(.back)

    try app.send(.add(section: nil))
    #expect(app.texts == [["Name", "Born", "Email", "Tags", "Home"]])
    try app.enter("Grace", at: "Name")
    try app.enter(1906, at: "Born")
    // A key that only ever held null is typed as text.
    try app.enter("grace@navy.mil", at: "Email")
    try app.tap("Tags")
    #expect(app.texts == [["No tags"]], "an empty list says so")
    try app.send(.add(section: nil))
    try app.enter("cobol", at: "Tag")
    try app.send(.done)
    try app.send(.back)
    try app.tap("Home")
    try app.enter("Arlington", at: "City")
    try app.send(.done)
    try app.send(.done)
    try store.save()

    let saved = try DocumentFile(contentsOf: url).root.dictionaryValue?["people"]?.arrayValue
    let grace = try #require(saved?.last?.dictionaryValue)
    #expect(grace["name"] == "Grace")
    #expect(grace["born"] == 1906)
    #expect(grace["email"] == "grace@navy.mil")
    #expect(grace["tags"] == ["cobol"])
    #expect(grace["home"] == ["city": "Arlington"])
    #expect(app.host.violations.isEmpty)
  }

  @Test func aCorruptFileGivesALocatedErrorAndIsNotTouched() throws {
    let folder = try Self.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("broken.json")
    let bytes = Data("{\n  \"a\": 1,\n  \"b\": [1, 2,, 3]\n}\n".utf8)
    try bytes.write(to: url)
    do {
      _ = try DocumentStore(contentsOf: url)
      Issue.record("a corrupt file opened")
    } catch {
      #expect(error.description.hasPrefix("\(url.path):3:"), "\(error.description)")
    }
    #expect(try Data(contentsOf: url) == bytes)
  }

  @Test func aFailedWriteLeavesTheFileAsItWas() throws {
    let folder = try Self.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("old.plist")
    _ = try DocumentFile.create(
      at: url, root: Self.sample(.openStepPlist), format: .openStepPlist)
    let bytes = try Data(contentsOf: url)
    let store = try DocumentStore(contentsOf: url)
    // OpenStep has no numbers: an explicit change to a number cannot be saved as it is.
    try store.changeType(atKeyPath: "alpha", to: .int)
    #expect(try store.root.value(forKey: "alpha") == .int(41))
    do {
      try store.save()
      Issue.record("an OpenStep file took a number")
    } catch {
      #expect(error.description.contains("alpha"), "\(error.description)")
    }
    #expect(try Data(contentsOf: url) == bytes, "the file is byte for byte as it was")
    #expect(store.hasUnsavedChanges)
    // Written as strings on request, it saves, and reads back as text.
    store.writeOptions.conversion = .writeAsStrings
    try store.save()
    #expect(try DocumentFile(contentsOf: url).root.dictionaryValue?["alpha"] == "41")
  }

  @Test func typeChangesAreExplicit() throws {
    let folder = try Self.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("values.json")
    try Data(#"{"count": "12", "ratio": 2, "on": "yes", "name": "x"}"#.utf8).write(to: url)
    let store = try DocumentStore(contentsOf: url)
    #expect(throws: BindingError.self) { try store.root.setValue(12, forKey: "count") }
    try store.changeType(atKeyPath: "count", to: .int)
    try store.changeType(atKeyPath: "ratio", to: .double)
    try store.changeType(atKeyPath: "on", to: .bool)
    #expect(throws: BindingError.self) { try store.changeType(atKeyPath: "name", to: .int) }
    #expect(try store.root.value(forKey: "name") == "x")
    try store.changeType(atKeyPath: "ratio", to: .string)
    try store.save()
    let root = try DocumentFile(contentsOf: url).root.dictionaryValue
    #expect(root?["count"] == .int(12))
    #expect(root?["on"] == .bool(true))
    #expect(root?["ratio"] == "2.0")
    #expect(root?.keys == ["count", "ratio", "on", "name"])
  }

  @Test func aRootArrayIsAList() throws {
    let folder = try Self.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("list.plist")
    _ = try DocumentFile.create(
      at: url, root: [["name": "a"], ["name": "b"]], format: .binaryPlist)
    let store = try DocumentStore(contentsOf: url, itemsKeyPath: "")
    let section = ArrayOfObjectsSection(
      store: store, definition: try #require(store.itemsDefinition))
    let model = TableModel()
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    #expect(app.texts == [["a", "b"]])
    try app.tap("b")
    try app.enter("bee", at: "Name")
    try app.send(.done)
    try app.send(.delete(app.rowID(at: ItemPath(item: 0, section: 0))))
    try store.save()
    #expect(try DocumentFile(contentsOf: url).root == [["name": "bee"]])
  }

  /// A document that is a list of dictionaries opens as that list: its entries added, edited,
  /// deleted and moved, and saved as the list it is.
  @Test func aDocumentThatIsAListOpensAsTheList() throws {
    let folder = try Self.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("list.json")
    _ = try DocumentFile.create(
      at: url, root: [["name": "Ada", "born": 1815], ["name": "Alan", "born": 1912]],
      format: .json)
    let store = try DocumentStore(contentsOf: url)
    #expect(store.rootProblem == nil)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen(title: "list.json")))
    #expect(app.texts == [["Ada", "Alan"]])
    try app.tap("Alan")
    try app.enter(1913, at: "Born")
    try app.send(.done)
    try app.send(.add(section: nil))
    try app.enter("Grace", at: "Name")
    try app.enter(1906, at: "Born")
    try app.send(.done)
    try app.send(.setEditing(true))
    try app.send(.delete(app.rowID(at: ItemPath(item: 0, section: 0))))
    #expect(app.texts == [["Alan", "Grace"]])
    try store.save()
    #expect(
      try DocumentFile(contentsOf: url).root == [
        ["name": "Alan", "born": 1913], ["name": "Grace", "born": 1906],
      ])
    #expect(app.host.violations.isEmpty)
  }

  @Test func aRootThatIsNotADictionaryIsLocated() throws {
    let folder = try Self.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let json = folder.appendingPathComponent("list.json")
    try Data("\n  [1, 2]\n".utf8).write(to: json)
    let store = try DocumentStore(contentsOf: json)
    let problem = try #require(store.rootProblem)
    #expect(problem.location == SourceLocation(file: json.path, line: 2, column: 3))
    #expect(
      problem.message
        == "the root of the document is an array whose entries are not all dictionaries: a "
        + "screen shows a dictionary or a list of them")
    #expect(throws: ScreenError.notApplicable(problem.description)) { try store.screen() }

    let binary = folder.appendingPathComponent("list.plist")
    _ = try DocumentFile.create(at: binary, root: .array([1, 2]), format: .binaryPlist)
    let binaryProblem = try #require(try DocumentStore(contentsOf: binary).rootProblem)
    #expect(binaryProblem.file == binary.path)
    #expect(binaryProblem.message.contains("(binary property list, object at byte offset "))

    let dictionary = folder.appendingPathComponent("book.json")
    try Data(#"{"title": "Book"}"#.utf8).write(to: dictionary)
    #expect(try DocumentStore(contentsOf: dictionary).rootProblem == nil)
  }

  /// Another program's changes to many listed items reach the items and the tree in one
  /// step: the tree is not written again for each item.
  @Test func changesOnDiskToManyItemsReachTheTreeOnce() throws {
    let folder = try Self.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("list.json")
    let records = (0..<50).map { Value.dictionary(["name": .string("P\($0)")]) }
    _ = try DocumentFile.create(at: url, root: ["items": .array(records)], format: .json)
    let store = try DocumentStore(contentsOf: url, itemsKeyPath: "items")
    var told = 0
    store.root.onChange = { _ in told += 1 }
    let changed = (0..<49).map { Value.dictionary(["name": .string("Q\($0)")]) }
    _ = try DocumentFile.create(at: url, root: ["items": .array(changed)], format: .json)
    #expect(try store.takeChangesOnDisk())
    #expect(told == 1)
    #expect(try store.fetch(FetchOptions()).count == 49)
    #expect(try store.root.value(forKeyPath: "items") == .array(changed))
    #expect(!store.hasUnsavedChanges)
  }
}

/// Records of one list need not share their keys: a record without a number, a flag or a list
/// that its siblings have is edited and saved without one.
@Suite("Documents whose records differ")
struct DocumentRecordsThatDifferTests {
  /// A whole number in one record and a fraction in another: each record keeps its own, and
  /// neither is refused for the other's kind.
  @Test func aFractionBesideWholeNumbersIsKept() throws {
    let folder = try DocumentStoreTests.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("ages.json")
    _ = try DocumentFile.create(
      at: url, root: [["name": "Ann", "age": 31], ["name": "Cy", "age": 2.5]], format: .json)
    let store = try DocumentStore(contentsOf: url)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    try app.tap("Cy")
    try app.enter("Cyrus", at: "Name")
    try app.send(.done)
    #expect(app.navigator.stack.count == 1, "the form closed")
    try store.save()
    let saved = try DocumentFile(contentsOf: url).root.arrayValue
    #expect(saved == [["name": "Ann", "age": 31], ["name": "Cyrus", "age": 2.5]])
  }

  @Test(arguments: [false, true])
  func aRecordLackingASiblingsKeyIsSavedWithoutIt(nested: Bool) throws {
    let folder = try DocumentStoreTests.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent("people.json")
    let people: Value = [
      ["name": "Ada", "rank": 1, "born": 1815, "tags": ["math"], "active": true],
      ["name": "Bea", "rank": 2],
    ]
    _ = try DocumentFile.create(
      at: url, root: nested ? ["people": people] : people, format: .json)
    let store = try DocumentStore(contentsOf: url)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    if nested { try app.tap("People") }
    try app.tap("Bea")
    try app.enter("Beatrice", at: "Name")
    try app.send(.done)
    #expect(app.navigator.top.snapshot().notice == nil)
    #expect(app.navigator.stack.count == (nested ? 2 : 1), "the form closed")
    try store.save()
    let file = try DocumentFile(contentsOf: url).root
    let saved = try #require((nested ? file.dictionaryValue?["people"] : file)?.arrayValue)
    #expect(saved.last == ["name": "Beatrice", "rank": 2])
    #expect(
      saved.first == ["name": "Ada", "rank": 1, "born": 1815, "tags": ["math"], "active": true])
    // A value given to a key the record lacked is added to it.
    try app.tap("Beatrice")
    try app.enter(.int(1900), at: "Born")
    try app.send(.done)
    try store.save()
    let added = try DocumentFile(contentsOf: url).root
    #expect(
      (nested ? added.dictionaryValue?["people"] : added)?.arrayValue?.last
        == ["name": "Beatrice", "rank": 2, "born": 1900])
    // A number every record has still needs one.
    try app.tap("Ada")
    try app.enter("", at: "Rank")
    #expect(throws: (any Error).self, "a blank rank is refused") { try app.send(.done) }
    #expect(app.host.violations.isEmpty)
  }

  /// A new record gets no value of a key some records leave blank: not a 0 the person never
  /// typed. A key every record has starts blank, to be filled in.
  @Test(arguments: ["items.json", "items.csv"])
  func aNewRecordLeavesBlankWhatSomeRecordsLeaveBlank(name: String) throws {
    let folder = try DocumentStoreTests.directory()
    defer { try? FileManager.default.removeItem(at: folder) }
    let url = folder.appendingPathComponent(name)
    let text =
      name.hasSuffix("csv")
      ? "name,qty,price\nPear,3,1.5\nFig,,2\n"
      : #"[{"name": "Pear", "qty": 3, "price": 1.5}, {"name": "Fig", "price": 2}]"#
    try Data(text.utf8).write(to: url)
    let store = try DocumentStore(contentsOf: url)
    let app = HeadlessApp(navigator: Navigator(root: try store.screen(title: "Doc")))
    try app.send(.add(section: nil))
    #expect(app.row("Qty")?.value ?? .null == .null, "\(app.texts)")
    try app.enter("Kiwi", at: "Name")
    let price = try #require(app.path(of: "Price"))
    try app.send(.enter(app.rowID(at: price), .text("0.5")))
    try app.send(.done)
    #expect(app.navigator.stack.count == 1, "the form closed")
    try store.save()
    let saved = try String(contentsOf: url, encoding: .utf8)
    if name.hasSuffix("csv") {
      #expect(saved.hasSuffix("Kiwi,,0.5\n"), "\(saved)")
    } else {
      let records = try DocumentFile(contentsOf: url).root.arrayValue
      #expect(records?.last == ["name": "Kiwi", "price": 0.5])
    }
  }
}
