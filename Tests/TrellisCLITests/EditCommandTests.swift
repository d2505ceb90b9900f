import Foundation
import Glibc
import Testing
import TrellisTesting

/// `trellis edit` without a terminal (the tests' pipes), and with files it cannot open; the
/// full-screen editor itself is driven in tmux by scripts/terminal-test.sh.
@Suite("trellis edit")
struct EditCommandTests {
  /// A scratch folder holding `name` with `contents`.
  func scratch(_ name: String, _ contents: String) throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-edit-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let file = folder.appendingPathComponent(name)
    try contents.write(to: file, atomically: true, encoding: .utf8)
    return file
  }

  @Test func withoutATerminalTheFirstScreenIsPrintedAsText() async throws {
    let file = try scratch("person.json", #"{"name": "Ada", "admin": true}"#)
    let result = try await CommandRunner.run(["edit", file.path, "--width", "40"])
    #expect(result.status == 0)
    #expect(result.errors.contains("not a terminal; printing the first screen as text"))
    #expect(result.output.contains("| Name                             Ada |"))
    #expect(result.output.contains("| Admin                            [x] |"))
  }

  /// A descriptor given without `--data` shows its screens, as `render` does, never its own
  /// keys as data to edit and save over it.
  @Test func aDescriptorWithoutDataShowsItsScreens() async throws {
    let result = try await CommandRunner.run(["edit", "Sources/Pages.json", "--width", "40"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.hasPrefix("Book  [Edit]"), "\(result.output)")
    #expect(!result.output.contains("Schema Version"))
  }

  /// An app's own cells, registered by a classes file, are edited as `render` and `serve`
  /// show them: the profile's height in feet and inches, with no warning of unknown classes.
  @Test func aClassesFileRegistersTheAppsCellsForEditing() async throws {
    let result = try await CommandRunner.run([
      "edit", "RMSTableViews/RMSProfileViewController.plist",
      "--data", "RMSTableViews/profile-data.json",
      "--classes", "RMSTableViews/RMSDemoClasses.json",
    ])
    #expect(result.status == 0)
    #expect(result.output.contains("Height"))
    #expect(result.output.contains("[6 feet] [0]"))
    #expect(!result.errors.contains("unregistered"))
  }

  /// A file that cannot be read says why, in words: missing, or a folder.
  @Test func aFileThatCannotBeReadSaysWhy() async throws {
    let folder = try scratch("x.json", "{}").deletingLastPathComponent()
    let missing = folder.appendingPathComponent("missing.json").path
    for command in ["edit", "render"] {
      let gone = try await CommandRunner.run([command, missing])
      #expect(gone.status == 1)
      #expect(
        gone.errors.contains("\(missing): error: cannot read the file: there is no such file"))
      let directory = try await CommandRunner.run([command, folder.path])
      #expect(directory.status == 1)
      #expect(directory.errors.contains("it is a folder, not a file"), "\(directory.errors)")
    }
  }

  /// A port another program holds is named, with what to do.
  @Test func servingOnAPortInUseSaysSo() async throws {
    let file = try scratch("person.json", #"{"name": "Ada"}"#)
    let (socket, port) = try Self.listeningSocket()
    defer { close(socket) }
    let result = try await CommandRunner.run(["serve", file.path, "--port", String(port)])
    #expect(result.status != 0)
    #expect(result.errors.contains("port \(port) on 127.0.0.1 is in use by another program"))
  }

  /// A socket listening on a free loopback port, and the port.
  static func listeningSocket() throws -> (Int32, Int) {
    let socket = Glibc.socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    try #require(socket >= 0)
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    let bound = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { pointer in
        bind(socket, pointer, length) == 0 && listen(socket, 1) == 0
          && getsockname(socket, pointer, &length) == 0
      }
    }
    try #require(bound)
    return (socket, Int(UInt16(bigEndian: address.sin_port)))
  }

  /// An empty list and a list of plain values are data to every command: `render` shows the
  /// empty list as `edit` does, and says why the plain values cannot be shown, rather than
  /// reading either as a descriptor of sections.
  @Test func anEmptyListOrAListOfValuesIsData() async throws {
    let empty = try scratch("empty.json", "[]")
    for command in ["render", "edit"] {
      let result = try await CommandRunner.run([command, empty.path, "--width", "40"])
      #expect(result.status == 0)
      #expect(result.output.contains("No entries"), "\(command): \(result.output)")
    }
    let values = try scratch("values.json", "[1, 2, 3]")
    for command in ["render", "edit"] {
      let result = try await CommandRunner.run([command, values.path])
      #expect(result.status == 1)
      #expect(result.errors.contains("entries are not all dictionaries"), "\(result.errors)")
      #expect(!result.errors.contains("section"))
    }
  }

  @Test func aDocumentThatDoesNotParseOpensNothing() async throws {
    let file = try scratch("broken.json", "{\"name\": \"Ada\",\n  \"age\": }\n")
    let result = try await CommandRunner.run(["edit", file.path])
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(result.errors.hasPrefix(file.path + ":2:"))
    #expect(result.errors.contains("error:"))
  }

  @Test func aDocumentWhoseRootIsNeitherADictionaryNorAListOfThemIsRefused() async throws {
    let file = try scratch("list.json", "[1, 2, 3]")
    let result = try await CommandRunner.run(["edit", file.path])
    #expect(result.status == 1)
    #expect(result.errors.contains("the root of the document is an array whose entries are not"))
  }

  @Test func aDocumentThatIsAListOfDictionariesOpensAsTheList() async throws {
    let file = try scratch("people.json", #"[{"name": "Ada"}, {"name": "Alan"}]"#)
    let result = try await CommandRunner.run(["edit", file.path])
    #expect(result.status == 0)
    #expect(result.output.contains("Ada") && result.output.contains("Alan"), "\(result.output)")
  }

  @Test func aDescriptorPrintsWithItsData() async throws {
    let result = try await CommandRunner.run([
      "edit", "ProfileViewController.plist", "--data", "profile-data.json",
    ])
    #expect(result.status == 0)
    #expect(result.output.contains("Ken"))
  }

  @Test func aSettingsBundlePrints() async throws {
    let result = try await CommandRunner.run(["edit", "Settings.bundle"])
    #expect(result.status == 0)
    #expect(result.output.contains("User name"))
  }

  @Test func editingAsAPersonShowsWhatTheirRolesAllow() async throws {
    let descriptor = try scratch(
      "Pages.json",
      #"""
      {"schemaVersion": 1, "editable": true,
       "access": {"rules": [
         {"roles": ["editor"], "allow": ["view", "add", "edit", "delete", "move"]},
         {"roles": ["author"], "allow": ["view"], "on": ["Page"], "rows": "owner == $person"}]},
       "sections": [{"source": {"document": {"file": "pages.json", "keys": "title;owner",
         "name": "Page"}}, "addItem": "New Page"}]}
      """#)
    let folder = descriptor.deletingLastPathComponent()
    try #"[{"title": "Cover", "owner": "ann"}, {"title": "Preface", "owner": "bob"}]"#
      .write(to: folder.appendingPathComponent("pages.json"), atomically: true, encoding: .utf8)
    try "{}".write(
      to: folder.appendingPathComponent("data.json"), atomically: true, encoding: .utf8)
    let data = folder.appendingPathComponent("data.json").path
    let ann = try await CommandRunner.run(
      ["edit", descriptor.path, "--data", data, "--as", "ann:author"])
    #expect(ann.status == 0)
    #expect(ann.output.contains("Cover"))
    #expect(!ann.output.contains("Preface"), "Bob's page never reaches Ann")
    #expect(!ann.output.contains("New Page"), "authors do not add")
    let eve = try await CommandRunner.run([
      "edit", descriptor.path, "--data", data, "--as", "eve:editor",
    ])
    #expect(eve.output.contains("Preface") && eve.output.contains("New Page"))
  }
}
