import ArgumentParser
import Foundation
import Trellis
import TrellisWeb

/// `trellis users`: the people who may sign in to `trellis serve --people FILE`.
struct UsersCommand: AsyncParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "users",
    abstract: "Add, remove, change and list the people who may sign in to a server.",
    discussion: """
      People live in an SQLite file that `trellis serve --people FILE` (and trellis-demo) \
      read; several servers may share it. Passwords are read from standard input, or asked \
      for without echo on a terminal, and kept only as bcrypt hashes. Removing a person or \
      changing their password or roles signs them out everywhere: a page they have open is closed \
      within 30 seconds.
      """,
    subcommands: [Add.self, Remove.self, Passwd.self, Roles.self, List.self])
}

/// The people file the `users` commands change.
struct PeopleFileOptions: ParsableArguments {
  @Option(
    name: .customLong("people"),
    help: ArgumentHelp(
      "The SQLite file of people (`add` makes it when missing).", valueName: "file"))
  var path = "trellis-people.sqlite"

  /// The people file, made when missing only `creating` (adding someone): a name mistyped
  /// for the others is said so rather than made into an empty file.
  func open(creating: Bool = false) throws -> SQLitePeopleStore {
    if !creating, !FileManager.default.fileExists(atPath: path) {
      throw ValidationError("there is no people file '\(path)'")
    }
    do { return try SQLitePeopleStore(path: path) } catch {
      throw ValidationError("cannot open the people file '\(path)': \(error)")
    }
  }
}
