import ArgumentParser
import Foundation
import Trellis
import TrellisPostgres

/// The options of the commands that show a PostgreSQL database: its notification triggers,
/// and how often the tables without them are looked at.
struct PostgresOptions: ParsableArguments {
  @Flag(
    help: ArgumentHelp(
      "For a PostgreSQL address: install the triggers that announce every change.",
      discussion: "Once installed they stay, and every server shows every program's changes "
        + "at once: rows, TRUNCATE and many-to-many pairs. Besides the triggers, two "
        + "functions (trellis_notify_change, trellis_notify_pair_change) are created; "
        + "nothing else in the database is created or altered."))
  var installTriggers = false

  @Flag(
    help: ArgumentHelp(
      "For a PostgreSQL address: remove the triggers --install-triggers installed.",
      discussion: "Servers running on the database are told, and look for changes every "
        + "second from then on."))
  var removeTriggers = false

  @Option(
    help: ArgumentHelp(
      "For a PostgreSQL address: how often to look for changes in tables without the "
        + "triggers, in seconds."))
  var poll: Double = 1

  func validate() throws {
    guard !(installTriggers && removeTriggers) else {
      throw ValidationError("--install-triggers and --remove-triggers cannot go together")
    }
    guard poll >= 0.1, poll <= 3600 else {
      throw ValidationError("--poll must be between 0.1 and 3600 seconds, not \(poll)")
    }
  }

  /// Installs or removes the triggers as asked, then opens the database at `url` with its
  /// schema; prints what it did, and every error, and exits with status 1 on one.
  func open(_ url: String, readOnly: Bool) async throws {
    let address = PostgresAddress.redacted(url)
    do {
      if installTriggers && !readOnly {
        let tables = try await PostgresTriggerInstaller.install(url: url)
        CommandOutput.note(
          "\(address): installed the notification trigger on \(tables.count) "
            + "table\(tables.count == 1 ? "" : "s") (--remove-triggers removes them)")
      } else if removeTriggers {
        let tables = try await PostgresTriggerInstaller.remove(url: url)
        CommandOutput.note(
          "\(address): removed the notification trigger from \(tables.count) "
            + "table\(tables.count == 1 ? "" : "s")")
      }
      _ = try await PostgresDatabase.shared(
        url: url, pollInterval: .milliseconds(Int(poll * 1000)), readOnly: readOnly)
    } catch {
      CommandOutput.error(Diagnostic(error.description, file: address).description)
      throw ExitCode(1)
    }
  }
}
