import Foundation
import Testing
import TrellisTesting

/// `trellis describe`, `render` and `edit` of a `postgres://` address with no descriptor: the
/// fixture `AnyData/shop-postgres.sql` in a fresh database, made with `psql`.
@Suite("trellis and any PostgreSQL database")
struct AnyDataPostgresCommandTests {
  /// A fresh database holding the shop, its address; `nil` without a cluster.
  private func shop() async throws -> String? {
    guard let url = try await PostgresTestDatabase.fresh(prefix: "cli_") else { return nil }
    let filled = try await ChildProcess.run(
      try PostgresTestDatabase.psql(),
      arguments: [url, "-q", "-v", "ON_ERROR_STOP=1", "-f", "AnyData/shop-postgres.sql"],
      directory: CommandRunner.fixtures, timeout: 60)
    #expect(filled.status == 0, "\(filled.errors)")
    return url
  }

  @Test func theDescribedFilesRenderTheSameScreens() async throws {
    guard let url = try await shop() else { return }
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-any-postgres-\(UUID().uuidString)")
    defer { try? FileManager.default.removeItem(at: folder) }
    let written = try await CommandRunner.run(["describe", url, "--output", folder.path])
    #expect(written.status == 0, "\(written.errors)")
    let product = try String(
      contentsOf: folder.appendingPathComponent("product.json"), encoding: .utf8)
    #expect(product.contains(#""postgres": {"#))
    let name = String(url.split(separator: "/").last ?? "")
    let home = folder.appendingPathComponent("\(name).json").path
    for push in [[], ["--push", "product"], ["--push", "supplier/Acme"], ["--push", "coupon"]] {
      let inferred = try await CommandRunner.run(["render", url] + push)
      let described = try await CommandRunner.run(["render", home] + push)
      #expect(inferred.status == 0, "\(push): \(inferred.errors)")
      #expect(described.status == 0, "\(push): \(described.errors)")
      #expect(inferred.output == described.output, "\(push)")
      #expect(!inferred.output.isEmpty)
    }
    let acme = try await CommandRunner.run(["render", url, "--push", "supplier/Acme"])
    #expect(acme.output.contains("Country"))
    #expect(acme.output.contains("US >"))
  }

  @Test func readOnlyShowsAndSaysSo() async throws {
    guard let url = try await shop() else { return }
    let result = try await CommandRunner.run(["render", url, "--read-only", "--push", "product"])
    #expect(result.status == 0, "\(result.errors)")
    #expect(result.output.contains("Served read-only."))
    #expect(!result.output.contains("New Product"))
  }

  @Test func anAddressThatAnswersNothingIsALocatedError() async throws {
    let result = try await CommandRunner.run(
      ["render", "postgres://nobody:secret@127.0.0.1:1/none"])
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(result.errors.hasPrefix("postgres://nobody@127.0.0.1:1/none: error: "))
    // The password is never printed.
    #expect(!result.errors.contains("secret"))
  }
}
