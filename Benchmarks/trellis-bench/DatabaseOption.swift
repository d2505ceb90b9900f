import ArgumentParser
import Foundation

/// The `--postgres` option of the benchmarks that run on PostgreSQL.
struct DatabaseOption: ParsableArguments {
  @Option(help: "The database (default: $TRELLIS_POSTGRES_URL, as scripts/postgres.sh sets).")
  var postgres: String?

  /// The database's address: the option, or else the environment's.
  func url() throws -> String {
    guard
      let url = postgres ?? ProcessInfo.processInfo.environment["TRELLIS_POSTGRES_URL"],
      !url.isEmpty
    else {
      throw ValidationError(
        "no database: pass --postgres URL, or run `bash scripts/postgres.sh start` and "
          + "`source .build-postgres-db/env`")
    }
    return url
  }
}
