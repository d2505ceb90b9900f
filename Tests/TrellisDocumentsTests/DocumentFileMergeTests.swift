import Foundation
import Testing
import TrellisValues

@testable import TrellisDocuments

/// A save keeps what another program wrote to the file since it was read: changes to other
/// keys are merged in; a value both changed is refused once, then replaced.
@Suite("Saving over another program's changes")
struct DocumentFileMergeTests {
  static func file(_ text: String) throws -> URL {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-merge-\(UUID().uuidString).json")
    try Data(text.utf8).write(to: url)
    return url
  }

  static func read(_ url: URL) throws -> Value { try DocumentFile(contentsOf: url).root }

  @Test func anotherProgramsChangeToAnotherKeyIsKept() throws {
    let url = try Self.file(#"{"title": "Notes", "pages": 1, "tags": {"a": 1}}"#)
    defer { try? FileManager.default.removeItem(at: url) }
    var file = try DocumentFile(contentsOf: url)
    try Data(#"{"title": "Notes", "pages": 2, "tags": {"a": 1, "b": 2}, "new": true}"#.utf8)
      .write(to: url)
    let saved = try file.save(["title": "Mine", "pages": 1, "tags": ["a": 5]])
    let expected: Value = ["title": "Mine", "pages": 2, "tags": ["a": 5, "b": 2], "new": true]
    #expect(saved == expected)
    #expect(try Self.read(url) == expected)
    // The next save has nothing new to merge.
    #expect(try file.save(["title": "Again"]) == ["title": "Again"])
  }

  @Test func aValueBothChangedIsRefusedOnceThenReplaced() throws {
    let url = try Self.file(#"{"title": "Notes", "pages": 1}"#)
    defer { try? FileManager.default.removeItem(at: url) }
    var file = try DocumentFile(contentsOf: url)
    try Data(#"{"title": "Theirs", "pages": 1}"#.utf8).write(to: url)
    let error = #expect(throws: Diagnostic.self) {
      try file.save(["title": "Mine", "pages": 1])
    }
    #expect(error?.message.contains("another program changed 'title'") == true)
    #expect(try Self.read(url) == ["title": "Theirs", "pages": 1], "nothing was saved")
    #expect(try file.save(["title": "Mine", "pages": 1]) == ["title": "Mine", "pages": 1])
    #expect(try Self.read(url) == ["title": "Mine", "pages": 1])
  }

  @Test func aValueBothChangedThatWasTakenIsStillRefusedOnce() throws {
    let url = try Self.file(#"{"a": 1, "b": "x"}"#)
    defer { try? FileManager.default.removeItem(at: url) }
    var file = try DocumentFile(contentsOf: url)
    // Edited here (unsaved), then another program changes the same value and another one.
    try Data(#"{"a": 3, "b": "y"}"#.utf8).write(to: url)
    let taken = try file.takeChanges(into: ["a": 2, "b": "x"])
    #expect(taken == ["a": 2, "b": "y"], "the edit stays shown, their other change is taken")
    // The save that follows is refused, naming the value, as if the file changed under it.
    let error = #expect(throws: Diagnostic.self) { try file.save(["a": 2, "b": "y"]) }
    #expect(error?.message.contains("another program changed 'a'") == true)
    #expect(try Self.read(url) == ["a": 3, "b": "y"], "nothing was saved")
    #expect(try file.save(["a": 2, "b": "y"]) == ["a": 2, "b": "y"])
    #expect(try Self.read(url) == ["a": 2, "b": "y"])
  }

  @Test func aTakenConflictEditedBackOrToTheirValueIsNone() throws {
    let url = try Self.file(#"{"a": 1, "b": 1}"#)
    defer { try? FileManager.default.removeItem(at: url) }
    var file = try DocumentFile(contentsOf: url)
    try Data(#"{"a": 3, "b": 3}"#.utf8).write(to: url)
    _ = try file.takeChanges(into: ["a": 2, "b": 2])
    // a put back as it was read (theirs then stands), b made the same as theirs.
    #expect(try file.save(["a": 1, "b": 3]) == ["a": 3, "b": 3])
    #expect(try Self.read(url) == ["a": 3, "b": 3])
  }

  @Test func anAutomaticSaveKeepsTheirValueAndSaysSo() throws {
    let url = try Self.file(#"{"a": 1, "b": "x", "c": 0}"#)
    defer { try? FileManager.default.removeItem(at: url) }
    var file = try DocumentFile(contentsOf: url)
    try Data(#"{"a": 3, "b": "y", "c": 0}"#.utf8).write(to: url)
    let saved = try file.save(["a": 2, "b": "x", "c": 5], keepingTheirs: true)
    #expect(saved == ["a": 3, "b": "y", "c": 5])
    #expect(file.keptTheirs == ["a"])
    #expect(try Self.read(url) == ["a": 3, "b": "y", "c": 5])
    // A value taken while edited here keeps theirs too.
    try Data(#"{"a": 4, "b": "y", "c": 5}"#.utf8).write(to: url)
    _ = try file.takeChanges(into: ["a": 9, "b": "y", "c": 5])
    #expect(
      try file.save(["a": 9, "b": "y", "c": 6], keepingTheirs: true) == ["a": 4, "b": "y", "c": 6])
    #expect(file.keptTheirs == ["a"])
    #expect(
      try file.save(["a": 7, "b": "y", "c": 6], keepingTheirs: true) == ["a": 7, "b": "y", "c": 6])
    #expect(file.keptTheirs.isEmpty)
  }

  @Test func aFileLeftUnreadableIsNotOverwritten() throws {
    let url = try Self.file(#"{"title": "Notes"}"#)
    defer { try? FileManager.default.removeItem(at: url) }
    var file = try DocumentFile(contentsOf: url)
    try Data(#"{"title": "#.utf8).write(to: url)
    #expect(throws: Diagnostic.self) { try file.save(["title": "Mine"]) }
    #expect(try String(contentsOf: url, encoding: .utf8) == #"{"title": "#)
  }

  @Test func mergesKeyByKey() {
    let base: Value = ["a": 1, "b": ["c": 1, "d": 1], "list": [1, 2], "gone": 1]
    let mine: Value = ["a": 2, "b": ["c": 2, "d": 1], "list": [1, 2, 3], "gone": 1]
    let theirs: Value = ["a": 1, "b": ["c": 1, "d": 3], "list": [0], "added": "x"]
    let merge = DocumentMerge(base: base, mine: mine, theirs: theirs)
    // Mine only appended 3 to the list: it follows theirs.
    #expect(merge.root == ["a": 2, "b": ["c": 2, "d": 3], "list": [0, 3], "added": "x"])
    #expect(merge.conflicts == [])
    #expect(DocumentMerge(base: 1, mine: 2, theirs: 3).conflicts == [""])
    #expect(DocumentMerge(base: 1, mine: 1, theirs: 3).root == 3)
  }

  /// A record another program appends while this one edits, moves or deletes records is
  /// kept after them, and the other way round; lists both changed otherwise still conflict,
  /// never merged by position.
  @Test func recordsAddedAtTheEndAreKeptBesideTheOtherSidesChanges() {
    let base: Value = [["n": "A"], ["n": "B"]]
    let edited: Value = [["n": "B"], ["n": "A!"]]
    let appended: Value = [["n": "A"], ["n": "B"], ["n": "C"]]
    #expect(
      DocumentMerge(base: base, mine: edited, theirs: appended).root
        == [["n": "B"], ["n": "A!"], ["n": "C"]])
    #expect(
      DocumentMerge(base: base, mine: appended, theirs: edited).root
        == [["n": "B"], ["n": "A!"], ["n": "C"]])
    let both = DocumentMerge(
      base: base, mine: appended, theirs: [["n": "A"], ["n": "B"], ["n": "D"]])
    #expect(both.root == [["n": "A"], ["n": "B"], ["n": "C"], ["n": "D"]])
    #expect(both.conflicts.isEmpty)
    let moved = DocumentMerge(base: base, mine: edited, theirs: [["n": "A"], ["n": "B?"]])
    #expect(moved.conflicts == [""])
    #expect(moved.root == edited)
  }

  @Test func changesOnDiskAreTakenWithoutSaving() throws {
    let url = try Self.file(#"{"title": "Notes", "pages": 1}"#)
    defer { try? FileManager.default.removeItem(at: url) }
    var file = try DocumentFile(contentsOf: url)
    #expect(try file.takeChanges(into: file.root) == nil, "nothing changed on disk")
    try Data(#"{"title": "Notes", "pages": 2}"#.utf8).write(to: url)
    // Unsaved values stay; the other program's change comes in.
    let taken = try file.takeChanges(into: ["title": "Mine", "pages": 1])
    #expect(taken == ["title": "Mine", "pages": 2])
    #expect(file.root == ["title": "Notes", "pages": 2], "the file as read is the file now")
    // Saving then writes both, with nothing more to merge.
    #expect(try file.save(["title": "Mine", "pages": 2]) == ["title": "Mine", "pages": 2])
    try Data("{".utf8).write(to: url)
    #expect(throws: Diagnostic.self) { try file.takeChanges(into: file.root) }
  }

  /// Saving an object shows another program's changes in it, telling it once; a save with
  /// nothing to merge leaves it alone.
  @Test func savingAnObjectShowsTheMergedTreeInIt() throws {
    let url = try Self.file(#"{"title": "Notes", "pages": 1}"#)
    defer { try? FileManager.default.removeItem(at: url) }
    var file = try DocumentFile(contentsOf: url)
    let object = DocumentObject(file.root)
    var told = 0
    object.onChange = { _ in told += 1 }
    try object.setValue(.string("Mine"), forKey: "title")
    told = 0
    try Data(#"{"title": "Notes", "pages": 2}"#.utf8).write(to: url)
    try file.save(object)
    #expect(object.root == ["title": "Mine", "pages": 2])
    #expect(told == 1)
    try file.save(object)
    #expect(told == 1, "nothing new was merged")
    #expect(try Self.read(url) == ["title": "Mine", "pages": 2])
  }

  /// Looking for changes again reads nothing while the file's size and date stay as they
  /// were; a write just after a look is found even when it keeps both.
  @Test func lookingForChangesTrustsOnlyAnOldDate() throws {
    let url = try Self.file(#"{"n": 1}"#)
    defer { try? FileManager.default.removeItem(at: url) }
    var file = try DocumentFile(contentsOf: url)
    // Written just now: a same-size write in the same clock tick is still found.
    #expect(try file.takeChanges(into: file.root) == nil)
    try Data(#"{"n": 2}"#.utf8).write(to: url)
    #expect(try file.takeChanges(into: file.root) == ["n": 2])
    // Written long ago: an unchanged size and date spare reading the file.
    let old = Date(timeIntervalSinceNow: -60)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path)
    #expect(try file.takeChanges(into: file.root) == nil)
    try Data(#"{"n": 3}"#.utf8).write(to: url)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path)
    #expect(try file.takeChanges(into: file.root) == nil, "the same size and date: not read")
    try FileManager.default.setAttributes(
      [.modificationDate: Date(timeIntervalSinceNow: -30)], ofItemAtPath: url.path)
    #expect(try file.takeChanges(into: file.root) == ["n": 3])
  }
}
