import Foundation
import Testing
import TrellisTesting
import TrellisWeb

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif
#if canImport(Glibc)
  import Glibc
#endif

/// `trellis users`, end to end: the people file it writes is the one a server reads.
@Suite("trellis users")
struct UsersCommandTests {
  /// Runs `trellis` with `input` on standard input, waiting on a thread of its own (not the
  /// cooperative pool's).
  static func run(_ arguments: [String], input: String = "") async throws
    -> CommandRunner.Result
  {
    let binary = try CommandRunner.binary()
    return try await withCheckedThrowingContinuation { continuation in
      Thread {
        continuation.resume(with: Result { try runWaiting(binary, arguments, input: input) })
      }.start()
    }
  }

  /// Runs `binary` with `input` on standard input and waits for it: blocks.
  private static func runWaiting(_ binary: URL, _ arguments: [String], input: String) throws
    -> CommandRunner.Result
  {
    let process = Process()
    process.executableURL = binary
    process.arguments = arguments
    let (stdin, stdout, stderr) = (Pipe(), Pipe(), Pipe())
    process.standardInput = stdin
    process.standardOutput = stdout
    process.standardError = stderr
    // A command that refuses its arguments exits without reading its input: writing to it
    // then fails with EPIPE, which must not be SIGPIPE's end of the whole test run.
    _ = signal(SIGPIPE, SIG_IGN)
    try process.run()
    try? stdin.fileHandleForWriting.write(contentsOf: Data(input.utf8))
    try? stdin.fileHandleForWriting.close()
    let output = stdout.fileHandleForReading.readDataToEndOfFile()
    let errors = stderr.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return CommandRunner.Result(
      status: process.terminationStatus, output: String(decoding: output, as: UTF8.self),
      errors: String(decoding: errors, as: UTF8.self))
  }

  static func peopleFile() -> String {
    FileManager.default.temporaryDirectory
      .appendingPathComponent("trellis-users-\(UUID().uuidString).sqlite").path
  }

  /// Whether the file's person `name` has `password`.
  static func verify(_ name: String, _ password: String, in file: String) async throws -> Bool {
    guard let record = try await SQLitePeopleStore(path: file).record(named: name) else {
      return false
    }
    return try await PasswordHasher.verify(password, hash: record.passwordHash)
  }

  @Test func addListChangeAndRemove() async throws {
    let file = Self.peopleFile()
    let added = try await Self.run(
      ["users", "add", "ann", "--roles", "member, admin", "--people", file], input: "s3cret\n")
    #expect(added.status == 0, "\(added.errors)")
    #expect(added.output == "Added ann.\n")
    #expect(try await Self.run(["users", "add", "bob", "--people", file], input: "pw").status == 0)
    let again = try await Self.run(["users", "add", "ann", "--people", file], input: "other\n")
    #expect(again.status == 1)
    #expect(again.errors.contains("there is already a person named 'ann'"))
    // Refused before the password is read: no word about the password given.
    #expect(!again.errors.contains("password"), "\(again.errors)")
    // A name is one person's whatever its case: not added again, changed and signed in as.
    let capital = try await Self.run(["users", "add", "Ann", "--people", file], input: "x\n")
    #expect(capital.status == 1)
    #expect(capital.errors.contains("there is already a person named 'ann'"))
    #expect(try await Self.verify("ANN", "s3cret", in: file))
    #expect(
      try await Self.run(["users", "list", "--people", file]).output == "ann\tadmin,member\nbob\n")
    #expect(try await Self.verify("ann", "s3cret", in: file))
    #expect(try await !Self.verify("ann", "other", in: file))

    let changed = try await Self.run(["users", "passwd", "Ann", "--people", file], input: "n3w\n")
    #expect(changed.status == 0, "\(changed.errors)")
    #expect(changed.output == "Changed the password of ann.\n")
    #expect(try await Self.verify("ann", "n3w", in: file))
    #expect(try await !Self.verify("ann", "s3cret", in: file))
    #expect(
      try await Self.run(["users", "passwd", "cy", "--people", file], input: "x\n").status == 1)

    #expect(try await Self.run(["users", "remove", "BOB", "--people", file]).status == 0)
    #expect(
      try await Self.run(["users", "list", "--people", file]).output == "ann\tadmin,member\n")
    let missing = try await Self.run(["users", "remove", "bob", "--people", file])
    #expect(missing.status == 1)
    #expect(missing.errors.contains("there is no person named 'bob'"))
  }

  @Test func changingRolesReplacesThemAndEndsTheirSessions() async throws {
    let file = Self.peopleFile()
    let added = try await Self.run(
      ["users", "add", "ann", "--roles", "member", "--people", file], input: "pw\n")
    #expect(added.status == 0, "\(added.errors)")
    let store = try SQLitePeopleStore(path: file)
    let now = Date()
    try await store.addSession(
      SignInSessionRecord(
        tokenHash: "abc", person: "ann", created: now, expires: now.addingTimeInterval(3600)))
    #expect(try await store.person(session: "abc", at: now) != nil)

    let changed = try await Self.run(
      ["users", "roles", "ANN", "--roles", "editor, admin", "--people", file])
    #expect(changed.status == 0, "\(changed.errors)")
    #expect(changed.output == "ann now has the roles admin,editor.\n")
    #expect(
      try await Self.run(["users", "list", "--people", file]).output == "ann\tadmin,editor\n")
    // Signed out everywhere: no page goes on with the old roles.
    #expect(try await store.person(session: "abc", at: now) == nil)

    let none = try await Self.run(["users", "roles", "ann", "--roles", "", "--people", file])
    #expect(none.output == "ann now has no roles.\n")
    #expect(try await Self.run(["users", "list", "--people", file]).output == "ann\n")
    let stray = try await Self.run(["users", "roles", "ann", "--roles", "a,,b", "--people", file])
    #expect(stray.status != 0)
    #expect(stray.errors.contains("'' is not a role"))
    let nobody = try await Self.run(["users", "roles", "cy", "--roles", "a", "--people", file])
    #expect(nobody.status == 1)
    #expect(nobody.errors.contains("there is no person named 'cy'"))
  }

  @Test func anEmptyPasswordOrABadNameIsRefused() async throws {
    let file = Self.peopleFile()
    let empty = try await Self.run(["users", "add", "ann", "--people", file], input: "\n")
    #expect(empty.status != 0)
    #expect(empty.errors.contains("the password may not be empty"))
    #expect(!empty.errors.contains("Usage"), "\(empty.errors)")
    let badRole = try await Self.run(
      ["users", "add", "ann", "--roles", "a b", "--people", file], input: "pw\n")
    #expect(badRole.status != 0)
    #expect(try await Self.run(["users", "list", "--people", file]).output == "")
  }

  /// A people file named wrong is said so, never made empty: by the `users` commands other
  /// than `add`, and by a server that nobody could then sign in to.
  @Test func aMissingPeopleFileIsSaidSoNotMade() async throws {
    let file = Self.peopleFile()
    for arguments in [["list"], ["remove", "ann"], ["passwd", "ann"]] {
      let result = try await Self.run(["users"] + arguments + ["--people", file], input: "pw\n")
      #expect(result.status != 0, "\(arguments)")
      #expect(result.errors.contains("there is no people file '\(file)'"), "\(result.errors)")
    }
    let table = TestFixtures.url("MyTable.plist").path
    let serve = try await Self.run(["serve", table, "--port", "0", "--people", file])
    #expect(serve.status != 0)
    #expect(serve.errors.contains("add someone first with `trellis users add NAME --people"))
    #expect(!FileManager.default.fileExists(atPath: file))
    // A short password is taken, with a warning.
    let short = try await Self.run(["users", "add", "ann", "--people", file], input: "pw\n")
    #expect(short.status == 0)
    #expect(short.errors.contains("warning: a password of fewer than 8 characters"))
  }

  @Test func aServerOtherMachinesReachNeedsSignInOrSaysItIsOpen() async throws {
    let refused = try await Self.run(["serve", "MyTable.plist", "--host", "0.0.0.0", "--port", "0"])
    #expect(refused.status != 0)
    #expect(refused.errors.contains("give --people FILE"))
    let both = try await Self.run([
      "serve", "MyTable.plist", "--people", Self.peopleFile(), "--no-sign-in",
    ])
    #expect(both.status != 0)
  }

  @Test func serveWithPeopleAsksToSignIn() async throws {
    let file = Self.peopleFile()
    #expect(
      try await Self.run(["users", "add", "ann", "--people", file], input: "pw\n").status == 0)
    try await CommandRunner.serving(["serve", "MyTable.plist", "--port", "0", "--people", file]) {
      address in
      let url = try #require(URL(string: address + "apps/table"))
      let (data, response) = try await URLSession.shared.data(from: url)
      #expect(response.url?.path == "/sign-in")
      #expect(String(decoding: data, as: UTF8.self).contains(#"<form class="sign-in""#))
    }
  }
}
