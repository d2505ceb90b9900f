import Foundation
import Testing
import TrellisValues

@testable import TrellisDocuments

@Suite("Document files")
struct DocumentFileTests {
  typealias Support = DocumentTestSupport

  /// A copy of a fixture in a fresh directory.
  static func copy(of name: String) throws -> URL {
    let directory = try Support.temporaryDirectory()
    let url = directory.appendingPathComponent(name)
    try Support.fixture(name).data.write(to: url)
    return url
  }

  static func directoryListing(_ url: URL) throws -> [String] {
    try FileManager.default.contentsOfDirectory(atPath: url.deletingLastPathComponent().path)
      .sorted()
  }

  @Test(arguments: [
    ("MyTable.plist", DocumentFormat.openStepPlist),
    ("ProfileViewController.plist", .xmlPlist),
    ("RMSSettingsViewController.json", .json),
  ])
  func saveKeepsTheFormat(name: String, format: DocumentFormat) throws {
    let url = try Self.copy(of: name)
    var file = try DocumentFile(contentsOf: url)
    #expect(file.format == format)
    let document = DocumentObject(file.root)
    let keyPath = format == .openStepPlist ? "title" : "0.properties.headerTitle"
    try document.setValue("Edited", forKeyPath: keyPath)
    try file.save(document.root)
    let reread = try DocumentFile(contentsOf: url)
    #expect(reread.format == format)
    #expect(reread.root == document.root)
    #expect(try reread.document.root == LocatedDocument(data: Data(contentsOf: url)).root)
    #expect(file.document.location(ofKeyPath: keyPath) != nil)
    #expect(try Self.directoryListing(url) == [name])
  }

  /// A JSON file whose lines end in CR LF (as Windows editors write it) keeps them, and one
  /// whose lines end in LF keeps those.
  @Test func aJSONFileKeepsItsLineBreaks() throws {
    let directory = try Support.temporaryDirectory()
    for (name, text) in [
      ("crlf.json", "{\r\n  \"name\": \"A\\nB\",\r\n  \"n\": 1\r\n}\r\n"),
      ("lf.json", "{\n  \"name\": \"A\\nB\",\n  \"n\": 1\n}\n"),
    ] {
      let url = directory.appendingPathComponent(name)
      try Data(text.utf8).write(to: url)
      var file = try DocumentFile(contentsOf: url)
      try file.save(["name": "A\nB", "n": 2])
      let saved = String(decoding: try Data(contentsOf: url), as: UTF8.self)
      let crlf = name == "crlf.json"
      #expect(saved.contains("\r\n") == crlf, "\(saved.debugDescription)")
      #expect(saved.replacingOccurrences(of: "\r\n", with: "").contains("\n") == !crlf)
      #expect(try DocumentFile(contentsOf: url).root == ["name": "A\nB", "n": 2])
    }
  }

  /// A save keeps a JSON file's indentation (four spaces, a tab), so that a one-value edit is
  /// a one-line change to the file; a file on a single line stays on it.
  @Test func aJSONFileKeepsItsIndentation() throws {
    let directory = try Support.temporaryDirectory()
    for (name, unit) in [("four.json", "    "), ("tab.json", "\t"), ("one-line.json", nil)] {
      let url = directory.appendingPathComponent(name)
      let text =
        unit.map { "{\n\($0)\"name\": \"A\",\n\($0)\"list\": [\n\($0)\($0)1\n\($0)]\n}\n" }
        ?? "{\"name\": \"A\", \"list\": [1]}"
      try Data(text.utf8).write(to: url)
      var file = try DocumentFile(contentsOf: url)
      try file.save(["name": "B", "list": [1]])
      let saved = String(decoding: try Data(contentsOf: url), as: UTF8.self)
      let expected =
        unit.map {
          "{\n\($0)\"name\": \"B\",\n\($0)\"list\": [\n\($0)\($0)1\n\($0)]\n}\n"
        } ?? "{\"name\": \"B\", \"list\": [1]}"
      #expect(saved == expected, "\(name): \(saved.debugDescription)")
    }
  }

  /// A strings file stays one when saved: its entries bare and quoted, one per line, no
  /// braces; a property list in braces keeps its braces.
  @Test func aStringsFileStaysAStringsFile() throws {
    let directory = try Support.temporaryDirectory()
    let strings = directory.appendingPathComponent("Localizable.strings")
    try Data("/* Greetings */\n\"hello\" = \"Hello\";\n\"bye\" = \"Goodbye\";\n".utf8)
      .write(to: strings)
    var file = try DocumentFile(contentsOf: strings)
    try file.save(["hello": "Hello there", "bye": "Goodbye"])
    #expect(
      String(decoding: try Data(contentsOf: strings), as: UTF8.self)
        == "\"hello\" = \"Hello there\";\n\"bye\" = \"Goodbye\";\n")
    #expect(
      try DocumentFile(contentsOf: strings).root == ["hello": "Hello there", "bye": "Goodbye"])
    let braced = directory.appendingPathComponent("table.plist")
    try Data("{ name = A; }".utf8).write(to: braced)
    var plist = try DocumentFile(contentsOf: braced)
    try plist.save(["name": "B"])
    #expect(String(decoding: try Data(contentsOf: braced), as: UTF8.self).hasPrefix("{"))
  }

  /// A save that changes nothing (Done on a form nobody edited) leaves the file alone: its
  /// own layout and its modification date stay as they were.
  @Test(arguments: ["compact.json", "table.plist"])
  func aSaveThatChangesNothingWritesNothing(name: String) throws {
    let url = try Support.temporaryDirectory().appendingPathComponent(name)
    let text = name.hasSuffix("json") ? "{\"name\":\"A\",  \"n\":1}" : "{ name = A; /* kept */ }"
    try Data(text.utf8).write(to: url)
    let old = Date(timeIntervalSince1970: 1_000_000_000)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path)
    var file = try DocumentFile(contentsOf: url)
    try file.save(file.root)
    #expect(String(decoding: try Data(contentsOf: url), as: UTF8.self) == text)
    let modified = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate]
    #expect(modified as? Date == old)
    // A real change is written; saving it again writes nothing more.
    let root: Value = name.hasSuffix("json") ? ["name": "B", "n": 1] : ["name": "B"]
    try file.save(root)
    let changed = try Data(contentsOf: url)
    #expect(try DocumentFile(contentsOf: url).root == root)
    try FileManager.default.setAttributes([.modificationDate: old], ofItemAtPath: url.path)
    try file.save(root)
    #expect(try Data(contentsOf: url) == changed)
    let after = try FileManager.default.attributesOfItem(atPath: url.path)[.modificationDate]
    #expect(after as? Date == old)
  }

  /// A file that starts with UTF-8's byte order mark keeps it, and a CSV file its line
  /// breaks: a spreadsheet reads a CSV file without the mark in another encoding.
  @Test(arguments: [
    ("fruit.csv", "\u{FEFF}name,qty\r\nÄpfel,3\r\n", "\u{FEFF}name,qty\r\nÄpfel,4\r\n"),
    ("fruit.json", "\u{FEFF}[{\"name\": \"Äpfel\", \"qty\": 3}]", nil),
  ])
  func aByteOrderMarkIsKept(name: String, text: String, expected: String?) throws {
    let url = try Support.temporaryDirectory().appendingPathComponent(name)
    try Data(text.utf8).write(to: url)
    var file = try DocumentFile(contentsOf: url)
    try file.save([["name": "Äpfel", "qty": 4]])
    let saved = try Data(contentsOf: url)
    #expect(saved.starts(with: [0xEF, 0xBB, 0xBF]))
    if let expected { #expect(String(decoding: saved, as: UTF8.self) == expected) }
    #expect(try DocumentFile(contentsOf: url).root == [["name": "Äpfel", "qty": 4]])
    // A file without the mark gets none.
    try Data(text.utf8.dropFirst(3)).write(to: url)
    var plain = try DocumentFile(contentsOf: url)
    try plain.save([["name": "Äpfel", "qty": 5]])
    #expect(try !Data(contentsOf: url).starts(with: [0xEF, 0xBB, 0xBF]))
  }

  @Test func binaryFilesStayBinary() throws {
    let directory = try Support.temporaryDirectory()
    let url = directory.appendingPathComponent("Settings.plist")
    var file = try DocumentFile.create(at: url, root: ["b": 1, "a": 2], format: .binaryPlist)
    try file.save(["b": 1, "a": 3, "c": [true]])
    let reread = try DocumentFile(contentsOf: url)
    #expect(reread.format == .binaryPlist)
    #expect(reread.root == ["b": 1, "a": 3, "c": [true]])
  }

  @Test func openStepSavesNumbersAsTextWhenAsked() throws {
    let url = try Self.copy(of: "MyTable.plist")
    var file = try DocumentFile(contentsOf: url)
    let original = try Data(contentsOf: url)
    var root = try #require(file.root.dictionaryValue)
    root["rows"] = 12
    #expect(throws: Diagnostic.self) { try file.save(.dictionary(root)) }
    #expect(try Data(contentsOf: url) == original)
    try file.save(.dictionary(root), options: .init(conversion: .writeAsStrings))
    #expect(try DocumentFile(contentsOf: url).root.dictionaryValue?["rows"] == "12")
    // The saved file's tree, as it reads back: OpenStep holds the number as text.
    #expect(file.root.dictionaryValue?["rows"] == "12")
  }

  /// After a save, the document's locations are those of the bytes saved, read when asked.
  @Test func locationsAfterASaveAreTheSavedFiles() throws {
    let directory = try Support.temporaryDirectory()
    let url = directory.appendingPathComponent("people.json")
    var file = try DocumentFile.create(at: url, root: ["a": 1], format: .json)
    #expect(file.document.location(ofKeyPath: "a")?.line == 2)
    try file.save(["added": true, "a": 1])
    #expect(file.document.location(ofKeyPath: "added")?.line == 2)
    #expect(file.document.location(ofKeyPath: "a")?.line == 3)
    #expect(file.root == ["added": true, "a": 1])
    // A copy of the file saved before it was read again keeps what was saved.
    let copy = file
    try file.save(["b": 2])
    #expect(copy.root == ["added": true, "a": 1])
    #expect(file.root == ["b": 2])
  }

  @Test func unrepresentableValueLeavesTheFileUntouched() throws {
    let url = try Self.copy(of: "ProfileViewController.plist")
    var file = try DocumentFile(contentsOf: url)
    let original = try Data(contentsOf: url)
    do {
      try file.save(["broken": nil])
      Issue.record("expected an error")
    } catch {
      #expect(error.file == url.path)
      #expect(error.message.contains("'broken'"))
    }
    #expect(try Data(contentsOf: url) == original)
    #expect(try Self.directoryListing(url) == ["ProfileViewController.plist"])
  }

  @Test func failedTemporaryWriteLeavesTheFileUntouched() throws {
    let url = try Self.copy(of: "RMSSettingsViewController.json")
    let original = try Data(contentsOf: url)
    var file = try DocumentFile(contentsOf: url)
    let missing = url.deletingLastPathComponent().appendingPathComponent("no/such/dir/tmp")
    file.writer.temporaryURL = { _ in missing }
    do {
      try file.save(["replaced": true])
      Issue.record("expected an error")
    } catch {
      #expect(error.message.hasPrefix("cannot save: cannot create a temporary file"))
      #expect(error.message.hasSuffix("the file is unchanged"))
    }
    #expect(try Data(contentsOf: url) == original)
    #expect(file.root == (try LocatedDocument(data: original)).root)
  }

  @Test func failureJustBeforeRenameLeavesTheFileUntouched() throws {
    struct Interrupted: Error {}
    let url = try Self.copy(of: "MyTable.plist")
    let original = try Data(contentsOf: url)
    var file = try DocumentFile(contentsOf: url)
    file.writer.beforeRename = { temporary in
      // The new bytes are complete on disk, beside the original, when the failure strikes.
      #expect(FileManager.default.fileExists(atPath: temporary.path))
      throw Interrupted()
    }
    #expect(throws: Diagnostic.self) { try file.save(["replaced": "yes"]) }
    #expect(try Data(contentsOf: url) == original)
    #expect(try Self.directoryListing(url) == ["MyTable.plist"])
  }

  @Test func theNextSaveRemovesTheTemporaryFilesOfAKilledSave() throws {
    let url = try Self.copy(of: "MyTable.plist")
    let directory = url.deletingLastPathComponent()
    // What saves killed before their rename left, with the writer's own names.
    let stale = [
      AtomicFileWriter.defaultTemporaryURL(for: url),
      AtomicFileWriter.defaultTemporaryURL(for: url),
    ]
    for temporary in stale { try Data("half a save".utf8).write(to: temporary) }
    // Files the writer never makes for this document: kept.
    let others = [
      ".MyTable.plist.tmp", ".MyTable.plist.NOT36.tmp", ".MyTable.plist.abc.tmp.bak",
      "MyTable.plist.abc.tmp", ".Other.plist.abc.tmp", ".MyTable.plist.a.b.tmp",
    ]
    for name in others { try Data("keep".utf8).write(to: directory.appendingPathComponent(name)) }
    #expect(try Self.directoryListing(url).count == 1 + stale.count + others.count)

    var file = try DocumentFile(contentsOf: url)
    try file.save(["saved": "again"])
    #expect(try Self.directoryListing(url) == (["MyTable.plist"] + others).sorted())
    #expect(try DocumentFile(contentsOf: url).root == ["saved": "again"])
  }

  @Test func unreadableAndMalformedFiles() throws {
    let directory = try Support.temporaryDirectory()
    let missing = directory.appendingPathComponent("missing.json")
    #expect {
      try DocumentFile(contentsOf: missing)
    } throws: { error in
      (error as? Diagnostic)?.description.hasPrefix("\(missing.path): error: cannot read") == true
    }
    let broken = directory.appendingPathComponent("broken.json")
    let bytes = Data("{\n  \"a\": 1,\n  \"b\" 2\n}".utf8)
    try bytes.write(to: broken)
    #expect {
      try DocumentFile(contentsOf: broken)
    } throws: { error in
      (error as? Diagnostic)?.description
        == "\(broken.path):3:7: error: expected ':' after object key"
    }
    #expect(try Data(contentsOf: broken) == bytes)
  }

  @Test func permissionsAreKeptAndSymlinksFollowed() throws {
    let url = try Self.copy(of: "settings-data.json")
    try FileManager.default.setAttributes([.posixPermissions: 0o640], ofItemAtPath: url.path)
    let link = url.deletingLastPathComponent().appendingPathComponent("link.json")
    try FileManager.default.createSymbolicLink(at: link, withDestinationURL: url)
    var file = try DocumentFile(contentsOf: link)
    try file.save(["through": "link"])
    let attributes = try FileManager.default.attributesOfItem(atPath: url.path)
    #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o640)
    #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == url.path)
    #expect(try DocumentFile(contentsOf: url).root == ["through": "link"])
  }

  @Test func reloadReadsChangesFromDisk() throws {
    let url = try Self.copy(of: "profile-data.json")
    var file = try DocumentFile(contentsOf: url)
    try Data("{\"fresh\": true}".utf8).write(to: url)
    try file.reload()
    #expect(file.root == ["fresh": true])
  }
}
