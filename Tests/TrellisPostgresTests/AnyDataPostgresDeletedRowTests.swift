import Foundation
import Testing
import Trellis
import TrellisPostgres
import TrellisTesting

/// A form open on a row another program deletes says so at once, whether the server hears of
/// the delete (triggers) or only looks for changes.
@Suite("Any data: a PostgreSQL row deleted under its open form")
struct AnyDataPostgresDeletedRowTests {
  @Test(arguments: [false, true])
  func theFormSaysItsRowIsGoneBeforeDone(triggers: Bool) async throws {
    guard let url = try await AnyDataPostgres.database("shop-postgres.sql") else { return }
    if triggers { _ = try await PostgresTriggerInstaller.install(url: url) }
    let app = try await AnyDataPostgres.app(url)
    defer { PostgresDatabase.close(url: url) }
    try await AnyDataPostgres.open("review", "Bends.", in: app)
    #expect(app.navigator.top.model.title == "Bends.")
    try await AnyDataPostgres.run(url, ["DELETE FROM review WHERE body = 'Bends.'"])
    try? await app.settle(
      until: { app.navigator.top.snapshot().notice != nil }, timeout: .seconds(10))
    let notice = app.navigator.top.snapshot().notice ?? ""
    #expect(notice.contains("deleted"), "\(notice)")
    #expect(!app.navigator.top.isDoneEnabled)
  }
}
