import Foundation
import GRDB
import Testing
import Trellis
import TrellisExamples
import TrellisSQLite
import TrellisSQLiteExamples
import TrellisTesting

@Suite("Contacts: grouping, index and search")
struct ContactsTests {
  static let count = 300

  static func stores() throws -> [(String, any DataStore)] {
    let definition = try ContactsApp.definition()
    let memory = MemoryStore(objects: ContactsApp.people(count), definition: definition)
    let sqlite = try ContactsApp.sqliteStore(people: count)
    return [("memory", memory), ("sqlite", sqlite)]
  }

  /// What a person expects: last names' first letters, A–Z, then # for the rest.
  static func expectedGroups(_ people: [Contact]) -> [String: [String]] {
    var groups: [String: [Contact]] = [:]
    for person in people {
      // Ø has no decomposition, but a person reads Ørsted under O.
      let first = person.lastName.replacingOccurrences(of: "Ø", with: "O")
        .folding(options: .diacriticInsensitive, locale: nil).first
      let letter = first.map { String($0).uppercased() } ?? "#"
      let key = ("A"..."Z").contains(letter) && letter.count == 1 ? letter : "#"
      groups[key, default: []].append(person)
    }
    return groups.mapValues { members in
      members.sorted {
        ($0.lastName.lowercased(), $0.firstName.lowercased())
          < ($1.lastName.lowercased(), $1.firstName.lowercased())
      }.map { "\($0.firstName) \($0.lastName)" }
    }
  }

  @Test func groupsByLastNameWithAnIndex() throws {
    let people = ContactsApp.people(Self.count)
    let expected = Self.expectedGroups(people)
    for (name, store) in try Self.stores() {
      let contacts = try ContactsApp.model(store: store)
      let host = HeadlessHost(model: contacts.model)
      let headers = host.table.visible.map { $0.model.header ?? "" }
      let letters = expected.keys.filter { $0 != "#" }.sorted()
      #expect(headers == letters + ["#"], "\(name)")
      #expect(contacts.sectionIndexTitles == headers, "\(name)")
      for (index, header) in headers.enumerated() {
        // Where a name with a letter beyond ASCII sorts among the rest is the store's
        // collation (SQLite's NOCASE puts Ø after Z): its group is checked, its place is not.
        let shown = host.rows(inSection: index).map { $0.text ?? "" }
        let ascii = { (names: [String]) in names.filter { $0.utf8.allSatisfy { $0 < 0x80 } } }
        #expect(ascii(shown) == ascii(expected[header] ?? []), "\(name) \(header)")
        #expect(shown.sorted() == (expected[header] ?? []).sorted(), "\(name) \(header)")
      }
      #expect(host.texts.joined().count == Self.count, "\(name)")
      let o = try #require(headers.firstIndex(of: "O"), "\(name)")
      #expect(host.rows(inSection: o).contains { $0.text?.hasSuffix("Ørsted") == true }, "\(name)")
    }
  }

  @Test func searchFiltersLiveAcrossFirstAndLastNames() throws {
    let people = ContactsApp.people(Self.count)
    var results: [[[String]]] = []
    for (name, store) in try Self.stores() {
      let contacts = try ContactsApp.model(store: store)
      let host = HeadlessHost(model: contacts.model)
      for text in ["d", "da", "dAv", ""] {
        contacts.search(text)
        try host.check()
        let matching = people.filter {
          text.isEmpty || $0.firstName.localizedCaseInsensitiveContains(text)
            || $0.lastName.localizedCaseInsensitiveContains(text)
        }
        // A search that finds nothing says so.
        let nothing = matching.isEmpty ? ["No results for “\(text)”"] : []
        let shown = host.texts.joined().filter { !nothing.contains($0) }
        #expect(host.texts.joined().filter(nothing.contains) == nothing, "\(name) '\(text)'")
        #expect(shown.count == matching.count, "\(name) '\(text)'")
        #expect(
          shown.allSatisfy { text.isEmpty || $0.localizedCaseInsensitiveContains(text) },
          "\(name) '\(text)'")
      }
      contacts.search("Knuth")
      try host.check()
      #expect(host.table.visible.map { $0.model.header } == ["K"], "\(name)")
      results.append(host.texts)
      #expect(host.violations.isEmpty)
    }
    #expect(results.count == 2 && results[0] == results[1], "memory and SQL agree")
  }

  @Test func aNewLetterAddsASection() throws {
    for (name, store) in try Self.stores() {
      let contacts = try ContactsApp.model(store: store)
      contacts.search("Quinn")
      let host = HeadlessHost(model: contacts.model)
      #expect(host.texts == [["No results for “Quinn”"]], "\(name)")
      try store.insert(
        .object(ObjectReference(Contact(firstName: "Mary", lastName: "Quinn"))), at: nil)
      try host.check()
      #expect(host.table.visible.map { $0.model.header } == ["Q"], "\(name)")
      #expect(host.texts == [["Mary Quinn"]], "\(name)")
    }
  }

  /// The app's own hook at the start of processing runs beside the list's regrouping, which
  /// it used to replace: a new letter still makes its section.
  @Test func anAppsProcessingHookKeepsRegrouping() throws {
    for (name, store) in try Self.stores() {
      let contacts = try ContactsApp.model(store: store)
      var runs = 0
      contacts.model.willProcessChanges = { runs += 1 }
      contacts.search("Quinn")
      let host = HeadlessHost(model: contacts.model)
      try store.insert(
        .object(ObjectReference(Contact(firstName: "Mary", lastName: "Quinn"))), at: nil)
      try host.check()
      #expect(host.table.visible.map { $0.model.header } == ["Q"], "\(name)")
      #expect(host.texts == [["Mary Quinn"]], "\(name)")
      #expect(runs > 0, "\(name)")
    }
  }

  @Test func aContactsFileIsFilledOnce() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("contacts.sqlite").path
    _ = try ContactsApp.sqliteStore(path: path, people: 40)
    let reopened = try ContactsApp.sqliteStore(path: path, people: 40)
    #expect(try reopened.count(FetchOptions()) == 40)
    let plan = try reopened.database.read { db in
      try GRDB.Row.fetchAll(
        db,
        sql: """
          EXPLAIN QUERY PLAN SELECT id FROM contact WHERE lastName LIKE '%a%'
          ORDER BY lastName COLLATE NOCASE, firstName COLLATE NOCASE, id LIMIT 51
          """
      ).map { $0["detail"] as String? ?? "" }.joined(separator: "; ")
    }
    #expect(!plan.contains("TEMP B-TREE"), "sorted searches walk the name index: \(plan)")
  }

  @Test func groupingALargeTableLoadsOnlyWhatIsShown() throws {
    let directory = try SQLiteTestSupport.temporaryDirectory()
    defer { try? FileManager.default.removeItem(at: directory) }
    let path = directory.appendingPathComponent("contacts.sqlite").path
    _ = try ContactsApp.sqliteStore(path: path, people: 5_000)
    let store = try ContactsApp.sqliteStore(path: path, people: 5_000)
    let contacts = try ContactsApp.model(store: store)
    #expect(store.loadedObjectCount == 0, "finding the groups loads no contact")
    for section in contacts.groupSections { section.fetchOptions.batchSize = 5 }
    let host = HeadlessHost(model: contacts.model)
    #expect(host.table.visible.count == contacts.groupSections.count)
    #expect(contacts.groupSections.count > 20)
    #expect(store.loadedObjectCount <= 6 * contacts.groupSections.count)
    #expect(host.rows(inSection: 0).last?.kind == .loadMore)
    contacts.search("knuth")
    try host.check()
    #expect(contacts.sectionIndexTitles == ["K"])
  }
}
