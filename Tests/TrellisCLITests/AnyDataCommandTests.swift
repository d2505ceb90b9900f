import Foundation
import GRDB
import Testing
import TrellisTesting

/// `trellis describe`, `render` and `serve` of an SQLite file with no descriptor: the
/// fixture `AnyData/shop.sql` made in a fresh folder.
@Suite("trellis and any SQLite file")
struct AnyDataCommandTests {
  /// A fresh folder holding `shop.sqlite`.
  private func shop() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-any-data-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let sql = try String(contentsOf: TestFixtures.url("AnyData/shop.sql"), encoding: .utf8)
    let queue = try DatabaseQueue(path: folder.appendingPathComponent("shop.sqlite").path)
    try queue.write { db in try db.execute(sql: sql) }
    return folder
  }

  @Test func describePrintsTheHomeScreensDescriptor() async throws {
    let folder = try shop()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await CommandRunner.run(
      ["describe", folder.appendingPathComponent("shop.sqlite").path])
    #expect(result.status == 0)
    #expect(result.errors == "")
    #expect(result.output.hasPrefix("{\n  \"schemaVersion\": 1,\n  \"title\": \"shop.sqlite\""))
    #expect(result.output.contains(#""push": "product""#))
    #expect(result.output.contains(#""count": {"#))
    #expect(result.output.contains(#""unit": "row""#))
    let product = try await CommandRunner.run(
      ["describe", folder.appendingPathComponent("shop.sqlite").path, "--screen", "product"])
    #expect(product.status == 0)
    #expect(product.output.contains(#""inferred": true"#))
    #expect(product.output.contains(#""search": ["#))
    #expect(product.output.contains("ON DELETE RESTRICT"))
  }

  /// A file named as one of its tables (`tasks.sqlite` holding `tasks`): `--screen tasks`
  /// gives the table's list, and the home screen takes another name.
  @Test func aTableNamedAsItsFileKeepsItsName() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-any-data-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appendingPathComponent("tasks.sqlite").path
    let queue = try DatabaseQueue(path: data)
    try await queue.write { db in
      try db.execute(sql: "CREATE TABLE tasks (id INTEGER PRIMARY KEY, title TEXT NOT NULL)")
    }
    let list = try await CommandRunner.run(["describe", data, "--screen", "tasks"])
    #expect(list.status == 0, "\(list.errors)")
    #expect(list.output.contains(#""title": "tasks""#))
    #expect(list.output.contains(#""inferred": true"#))
    let home = try await CommandRunner.run(["describe", data])
    #expect(home.output.contains(#""title": "tasks.sqlite""#))
    #expect(home.output.contains(#""push": "tasks""#))
    let written = try await CommandRunner.run(["describe", data, "--output", folder.path])
    #expect(
      written.output.split(separator: "\n").map { ($0 as NSString).lastPathComponent }
        == ["tasks_home.json", "tasks.json"])
    let rendered = try await CommandRunner.run(["render", data, "--push", "tasks"])
    #expect(rendered.status == 0, "\(rendered.errors)")
  }

  @Test func theDescribedFilesRenderTheSameScreens() async throws {
    let folder = try shop()
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appendingPathComponent("shop.sqlite").path
    let written = try await CommandRunner.run(["describe", data, "--output", folder.path])
    #expect(written.status == 0)
    #expect(written.output.contains(folder.appendingPathComponent("product.json").path))
    // In the descriptors' folder, the file is named relative to them.
    let product = try String(
      contentsOf: folder.appendingPathComponent("product.json"), encoding: .utf8)
    #expect(product.contains(#""file": "shop.sqlite""#))
    let descriptor = folder.appendingPathComponent("shop.json").path
    for push in [[], ["--push", "product"], ["--push", "supplier/Acme"], ["--push", "setting"]] {
      let inferred = try await CommandRunner.run(["render", data] + push)
      let described = try await CommandRunner.run(["render", descriptor] + push)
      #expect(inferred.status == 0, "\(push): \(inferred.errors)")
      #expect(inferred.output == described.output, "\(push)")
      #expect(!inferred.output.isEmpty)
    }
    let home = try await CommandRunner.run(["render", data])
    #expect(home.output.contains("stock_move"))
    // The footer wraps to the screen's width.
    let footer = home.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
      .joined(separator: " ")
    #expect(footer.contains("its primary key has several columns (productId, day)"))
  }

  @Test func readOnlyListsHaveNoWayToChangeAnything() async throws {
    let folder = try shop()
    defer { try? FileManager.default.removeItem(at: folder) }
    let data = folder.appendingPathComponent("shop.sqlite").path
    let editable = try await CommandRunner.run(["render", data, "--push", "product"])
    #expect(editable.output.contains("New Product"))
    #expect(editable.output.contains("[Edit]"))
    let readOnly = try await CommandRunner.run(
      ["render", data, "--push", "product", "--read-only"])
    #expect(readOnly.status == 0)
    #expect(!readOnly.output.contains("New Product"))
    #expect(!readOnly.output.contains("[Edit]"))
    #expect(readOnly.output.contains("Served read-only."))
  }

  @Test func aFileThatIsNoDataIsALocatedError() async throws {
    let result = try await CommandRunner.run(["describe", "Theme.sct"])
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(
      result.errors
        == "Theme.sct: error: not an SQLite file, a postgres:// address or an OpenAPI "
        + "document: a file of another kind (an SQLite file starts with 'SQLite format 3', "
        + "an OpenAPI document is a .json, .yaml or .yml file)\n")
  }

  @Test func aMissingFileIsSaidToBeMissing() async throws {
    let result = try await CommandRunner.run(["describe", "/nonexistent"])
    #expect(result.status == 1)
    #expect(
      result.errors
        == "/nonexistent: error: no such file; expected an SQLite file, a postgres:// address "
        + "or an OpenAPI document\n")
  }

  @Test func aJSONFileThatIsNoOpenAPIDocumentSaysSo() async throws {
    let folder = try shop()
    defer { try? FileManager.default.removeItem(at: folder) }
    let file = folder.appendingPathComponent("data.json")
    try Data(#"{"name": "not an API"}"#.utf8).write(to: file)
    let result = try await CommandRunner.run(["describe", file.path])
    #expect(result.status == 1)
    #expect(result.errors.hasSuffix("a JSON file without a top-level 'openapi' entry\n"))
    let empty = folder.appendingPathComponent("empty.sqlite")
    try Data().write(to: empty)
    let emptyResult = try await CommandRunner.run(["describe", empty.path])
    #expect(emptyResult.errors.hasSuffix(": the file is empty\n"))
    let folderResult = try await CommandRunner.run(["describe", folder.path])
    #expect(folderResult.errors.contains("a folder, not an SQLite file"))
  }

  @Test func aDamagedSQLiteFileIsNamedOnce() async throws {
    let folder = try shop()
    defer { try? FileManager.default.removeItem(at: folder) }
    // The header of an SQLite file, and then nothing of what it promises.
    let damaged = folder.appendingPathComponent("damaged.sqlite")
    let whole = try Data(contentsOf: folder.appendingPathComponent("shop.sqlite"))
    try whole.prefix(3000).write(to: damaged)
    for command in ["serve", "render", "describe"] {
      let result = try await CommandRunner.run([command, damaged.path])
      #expect(result.status == 1)
      let said = result.output + result.errors
      #expect(
        said.hasPrefix("\(damaged.path): error: cannot read it as an SQLite database: "),
        "\(command): \(said)")
      #expect(said.components(separatedBy: damaged.path).count == 2, "\(command): \(said)")
    }
  }

  @Test func aCSVFileIsItsRecordsAndASpreadsheetIsToldToBecomeOne() async throws {
    let folder = try shop()
    defer { try? FileManager.default.removeItem(at: folder) }
    let csv = folder.appendingPathComponent("people.csv")
    try Data("name,age,city\nAda,36,London\nAlan,41,\"Wilmslow, Cheshire\"\n".utf8).write(to: csv)
    for command in ["render", "edit"] {
      let listed = try await CommandRunner.run(
        [command, "people.csv", "--width", "40"], in: folder)
      #expect(listed.status == 0, "\(command): \(listed.errors)")
      #expect(listed.output.contains("| Ada "), "\(command): \(listed.output)")
      #expect(listed.output.contains("| Alan "), "\(command): \(listed.output)")
    }
    let opened = try await CommandRunner.run(
      ["render", "people.csv", "--push", "Alan", "--width", "40"], in: folder)
    #expect(opened.status == 0)
    #expect(opened.output.contains("| Age                               41 |"), "\(opened.output)")
    #expect(opened.output.contains("| City              Wilmslow, Cheshire |"), "\(opened.output)")
    // As a descriptor, it is data, and said so, located.
    let checked = try await CommandRunner.run(["validate", "people.csv"], in: folder)
    #expect(checked.status == 1)
    #expect(
      checked.output.hasPrefix(
        "people.csv:1:1: error: not a table descriptor: a list of records"), "\(checked.output)")
    // A spreadsheet is named for what it is, with the way to a file that is read.
    try Data([0x50, 0x4B, 0x03, 0x04]).write(to: folder.appendingPathComponent("people.xlsx"))
    for command in ["serve", "render", "validate", "edit"] {
      let result = try await CommandRunner.run([command, "people.xlsx"], in: folder)
      #expect(result.status == 1)
      let said = result.output + result.errors
      #expect(
        said.hasPrefix(
          "people.xlsx: error: a spreadsheet: descriptors are JSON or property lists, and "
            + "documents also CSV or TSV; export the sheet as CSV\n"), "\(command): \(said)")
    }
  }

  @Test func editPrintsTheHomeScreenWithoutATerminal() async throws {
    let folder = try shop()
    defer { try? FileManager.default.removeItem(at: folder) }
    let result = try await CommandRunner.run(
      ["edit", folder.appendingPathComponent("shop.sqlite").path])
    #expect(result.status == 0)
    #expect(result.output.contains("product"))
    #expect(result.output.contains("5 rows"))
  }
}
