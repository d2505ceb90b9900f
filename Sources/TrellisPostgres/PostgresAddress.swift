import Foundation
import PostgresNIO
import Trellis

/// `postgres://` addresses as client configurations.
enum PostgresAddress {
  /// The configuration a `postgres://user:password@host:port/database?sslmode=…` address
  /// names.
  static func configuration(from url: String) throws(StoreError) -> PostgresClient.Configuration {
    guard let components = URLComponents(string: url),
      components.scheme == "postgres" || components.scheme == "postgresql",
      let host = components.host, !host.isEmpty
    else {
      throw .failed(
        "'\(url)' is not a PostgreSQL address (postgres://user:password@host:port/database)")
    }
    let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : ""
    let mode = components.queryItems?.first { $0.name == "sslmode" }?.value ?? "prefer"
    let tls: PostgresClient.Configuration.TLS
    switch mode {
    case "disable": tls = .disable
    case "prefer", "allow": tls = .prefer(.makeClientConfiguration())
    case "require", "verify-ca", "verify-full": tls = .require(.makeClientConfiguration())
    default:
      throw .failed("'\(url)': sslmode '\(mode)' is not disable, prefer or require")
    }
    return PostgresClient.Configuration(
      host: host, port: components.port ?? 5432,
      username: components.user?.removingPercentEncoding ?? "postgres",
      password: components.password?.removingPercentEncoding,
      database: database.isEmpty ? nil : database, tls: tls)
  }
}
