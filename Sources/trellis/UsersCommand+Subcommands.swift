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
      for role in Self.roles(roles)
      where role.isEmpty || !role.allSatisfy({ $0.isLetter || $0.isNumber || "-_.".contains($0) }) {
        throw ValidationError("'\(role)' is not a role: use letters, digits, '-', '_' and '.'")
      }
    }

    func run() async throws {
      let store = try people.open(creating: true)
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

    static func roles(_ text: String) -> [String] {
      text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
    }
  }

  struct Remove: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Remove a person, which signs them out everywhere within 30 seconds.")

    @Argument(help: "Their name.")
    var name: String

    @OptionGroup var people: PeopleFileOptions

    func run() async throws {
      let store = try people.open()
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
      abstract: "Change a person's password, which signs them out everywhere within 30 seconds.")

    @Argument(help: "Their name.")
    var name: String

    @OptionGroup var people: PeopleFileOptions

    func run() async throws {
      let store = try people.open()
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
