import ArgumentParser
import Foundation
import Trellis
import TrellisServerOptions
import TrellisWeb

/// `trellis users`: the people who may sign in to `trellis serve --people FILE`.
struct UsersCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "users",
    abstract: "Add, remove, change and list the people who may sign in to a server.",
    discussion: """
      People live in an SQLite file, or a PostgreSQL database, that `trellis serve --people` \
      (and trellis-demo) read; several servers may share either: a file on one machine, a \
      database across machines. Passwords are read from standard input, or asked \
      for without echo on a terminal, and kept only as bcrypt hashes. Removing a person or \
      changing their password or roles signs them out everywhere: a page they have open is closed \
      within about a second.
      """,
    subcommands: [Add.self, Remove.self, Passwd.self, Roles.self, List.self])
}

/// The people file or database the `users` commands change.
struct PeopleFileOptions: ParsableArguments {
  @Option(
    name: .customLong("people"),
    help: ArgumentHelp(
      "The SQLite file of people (`add` makes it when missing), or a PostgreSQL database's "
        + "address (postgres://user@host/database).", valueName: "file-or-address"))
  var path = "trellis-people.sqlite"

  /// The people kept there, the file made when missing only `creating` (adding someone).
  func open(creating: Bool = false) async throws -> any PeopleStore {
    try await PeopleLocation.open(path, creating: creating)
  }
}
