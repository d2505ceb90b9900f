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
    #expect(result.output.contains(#""detail": "5 rows""#))
    let product = try await CommandRunner.run(
      ["describe", folder.appendingPathComponent("shop.sqlite").path, "--screen", "product"])
    #expect(product.status == 0)
    #expect(product.output.contains(#""inferred": true"#))
    #expect(product.output.contains(#""search": ["#))
    #expect(product.output.contains("ON DELETE RESTRICT"))
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

  @Test func aFileThatIsNoDatabaseIsALocatedError() async throws {
    let result = try await CommandRunner.run(["describe", "Theme.sct"])
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(result.errors == "Theme.sct: error: not an SQLite database or a postgres:// address\n")
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
