import Foundation
import Testing
import TrellisTesting
import TrellisWeb
import TrellisWebPostgres

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// `trellis users` and `trellis serve` with `--people` naming a PostgreSQL database, which
/// servers on several machines share.
@Suite("trellis users in PostgreSQL")
struct UsersCommandPostgresTests {
  @Test func theUsersCommandsKeepPeopleInTheDatabaseAServerReads() async throws {
    guard let url = try await PostgresTestDatabase.fresh(prefix: "people_") else { return }
    let added = try await UsersCommandTests.run(
      ["users", "add", "ann", "--roles", "admin", "--people", url], input: "s3cret-pw\n")
    #expect(added.status == 0, "\(added.errors)")
    #expect(added.output == "Added ann.\n")
    let bob = try await UsersCommandTests.run(
      ["users", "add", "bob", "--people", url], input: "bob-secret\n")
    #expect(bob.status == 0, "\(bob.errors)")
    let again = try await UsersCommandTests.run(
      ["users", "add", "Ann", "--people", url], input: "other\n")
    #expect(again.status == 1)
    #expect(again.errors.contains("there is already a person named 'ann'"), "\(again.errors)")
    let roles = try await UsersCommandTests.run(
      ["users", "roles", "ANN", "--roles", "member,editor", "--people", url])
    #expect(roles.output == "ann now has the roles editor,member.\n", "\(roles.errors)")
    #expect(
      try await UsersCommandTests.run(["users", "remove", "bob", "--people", url]).status == 0)
    let list = try await UsersCommandTests.run(["users", "list", "--people", url])
    #expect(list.output == "ann\teditor,member\n", "\(list.errors)")

    // What the commands wrote is what a server's store reads.
    let store = try await PostgresPeopleStore(url: url)
    defer { store.shutdown() }
    let ann = try #require(try await store.record(named: "ann"))
    #expect(try await PasswordHasher.verify("s3cret-pw", hash: ann.passwordHash))
    #expect(ann.person.roles == ["editor", "member"])

    // A server given the database asks to sign in.
    try await CommandRunner.serving(["serve", "MyTable.plist", "--port", "0", "--people", url]) {
      address in
      let page = try #require(URL(string: address + "apps/table"))
      let (data, response) = try await URLSession.shared.data(from: page)
      #expect(response.url?.path == "/sign-in")
      #expect(String(decoding: data, as: UTF8.self).contains(#"<form class="sign-in""#))
    }
  }

  @Test func aDatabaseThatCannotBeReachedIsSaidSoWithoutItsPassword() async throws {
    let url = "postgres://someone:hidden-word@127.0.0.1:1/people"
    let listed = try await UsersCommandTests.run(["users", "list", "--people", url])
    #expect(listed.status != 0)
    #expect(listed.errors.contains("cannot reach the people database"), "\(listed.errors)")
    #expect(!listed.errors.contains("hidden-word"), "\(listed.errors)")
    let table = TestFixtures.url("MyTable.plist").path
    let served = try await CommandRunner.run(["serve", table, "--port", "0", "--people", url])
    #expect(served.status != 0)
    #expect(served.errors.contains("cannot reach the people database"), "\(served.errors)")
    #expect(!served.errors.contains("hidden-word"), "\(served.errors)")
  }
}
