import Foundation
import Testing
import TrellisTesting

/// Fresh PostgreSQL databases for the command-line tests, made with `psql` on the cluster the
/// test command starts (`TRELLIS_POSTGRES_URL`).
enum PostgresTestDatabase {
  /// The address of a new, empty database named `prefix` and a random suffix; `nil` without a
  /// cluster (a recorded issue when one is required).
  static func fresh(prefix: String) async throws -> String? {
    let environment = ProcessInfo.processInfo.environment
    guard let cluster = environment["TRELLIS_POSTGRES_URL"], !cluster.isEmpty else {
      if environment["TRELLIS_REQUIRE_POSTGRES"] == "1" {
        Issue.record("TRELLIS_POSTGRES_URL is not set: start it with scripts/postgres.sh start")
      }
      return nil
    }
    let name = prefix + UUID().uuidString.prefix(8).lowercased()
    let created = try await ChildProcess.run(
      try psql(), arguments: [cluster, "-q", "-c", "CREATE DATABASE \(name)"],
      directory: CommandRunner.fixtures, timeout: 30)
    #expect(created.status == 0, "\(created.errors)")
    return cluster.split(separator: "/", omittingEmptySubsequences: false).dropLast()
      .joined(separator: "/") + "/" + name
  }

  /// The `psql` program.
  static func psql() throws -> URL {
    URL(
      fileURLWithPath: try #require(
        ["/usr/bin/psql", "/usr/lib/postgresql/15/bin/psql"].first {
          FileManager.default.isExecutableFile(atPath: $0)
        }, "psql is missing: scripts/postgres.sh installs it"))
  }
}
