import ArgumentParser
import Foundation
import Trellis
import TrellisWeb

/// `trellis users add`, `remove`, `passwd` and `list`.
extension UsersCommand {
  struct Add: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add a person; their password is read from standard input.")

    @Argument(help: "The name they sign in with.")
    var name: String

    @Option(help: ArgumentHelp("Their roles, comma-separated (admin,member).", valueName: "roles"))
    var roles = ""

    @OptionGroup var people: PeopleFileOptions

    func validate() throws {
      if let problem = PasswordHasher.problem(withName: name) { throw ValidationError(problem) }
      try Self.validateRoles(roles)
    }

    func run() async throws {
      let store = try await people.open(creating: true)
      // Before the password is asked for: a name taken needs no password.
      if let existing = try await store.record(named: name) {
        CommandOutput.error("error: \(PeopleStoreError.personExists(existing.person.name))")
        throw ExitCode(1)
      }
      let password = try PasswordInput.read(confirm: true)
      let hash = try await PasswordHasher.hash(password)
      do {
        try await store.add(
          PersonRecord(
            person: Person(name: name, roles: Set(Self.roles(roles))), passwordHash: hash))
      } catch let error as PeopleStoreError {
        CommandOutput.error("error: \(error)")
        throw ExitCode(1)
      }
      CommandOutput.write("Added \(name).\n")
    }

    /// The roles of a comma-separated list; an empty one between commas is kept, for
    /// ``validateRoles(_:)`` to refuse.
    static func roles(_ text: String) -> [String] {
      guard !text.trimmingCharacters(in: .whitespaces).isEmpty else { return [] }
      return text.split(separator: ",", omittingEmptySubsequences: false).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
    }

    /// Refuses a role list with a role that is empty or holds other than letters, digits,
    /// '-', '_' and '.'.
    static func validateRoles(_ text: String) throws {
      for role in roles(text)
      where role.isEmpty || !role.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) {
        throw ValidationError("'\(role)' is not a role: use letters, digits, '-', '_' and '.'")
      }
    }
  }

  struct Roles: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Change a person's roles, which signs them out everywhere at once.",
      discussion: """
        Their roles are replaced by those given: `--roles ""` leaves them none. Signing them \
        out closes the pages they have open, so that none goes on with the old roles; they \
        sign in again with the new ones.
        """)

    @Argument(help: "Their name.")
    var name: String

    @Option(help: ArgumentHelp("Their roles, comma-separated (admin,member).", valueName: "roles"))
    var roles: String

    @OptionGroup var people: PeopleFileOptions

    func validate() throws { try Add.validateRoles(roles) }

    func run() async throws {
      let store = try await people.open()
      // The name as stored, whatever case it was typed in.
      guard let name = try await store.record(named: name)?.person.name,
        try await store.setRoles(Set(Add.roles(roles)), named: name)
      else {
        CommandOutput.error("error: there is no person named '\(name)'")
        throw ExitCode(1)
      }
      let list = Add.roles(roles).sorted().joined(separator: ",")
      CommandOutput.write(
        "\(name) now has " + (list.isEmpty ? "no roles" : "the roles \(list)") + ".\n")
    }
  }

  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Remove a person, which signs them out everywhere at once.")

    @Argument(help: "Their name.")
    var name: String

    @OptionGroup var people: PeopleFileOptions

    func run() async throws {
      let store = try await people.open()
      // The name as stored, whatever case it was typed in.
      let stored = try await store.record(named: name)?.person.name
      guard let name = stored, try await store.remove(named: name) else {
        CommandOutput.error("error: there is no person named '\(name)'")
        throw ExitCode(1)
      }
      CommandOutput.write("Removed \(name).\n")
    }
  }

  struct Passwd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Change a person's password, which signs them out everywhere at once.")

    @Argument(help: "Their name.")
    var name: String

    @OptionGroup var people: PeopleFileOptions

    func run() async throws {
      let store = try await people.open()
      // The name as stored, whatever case it was typed in.
      guard let name = try await store.record(named: name)?.person.name else {
        CommandOutput.error("error: there is no person named '\(name)'")
        throw ExitCode(1)
      }
      let hash = try await PasswordHasher.hash(try PasswordInput.read(confirm: true))
      guard try await store.setPasswordHash(hash, named: name) else {
        CommandOutput.error("error: there is no person named '\(name)'")
        throw ExitCode(1)
      }
      CommandOutput.write("Changed the password of \(name).\n")
    }
  }

  struct List: AsyncParsableCommand {
    static let configuration = CommandConfiguration(abstract: "List the people and their roles.")

    @OptionGroup var people: PeopleFileOptions

    func run() async throws {
      for record in try await people.open().records() {
        let roles = record.person.roles.sorted().joined(separator: ",")
        CommandOutput.write(record.person.name + (roles.isEmpty ? "" : "\t" + roles) + "\n")
      }
    }
  }
}
