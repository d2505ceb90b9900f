import Foundation
import PostgresNIO
import Trellis

/// `postgres://` addresses as client and connection configurations.
package enum PostgresAddress {
  /// What a `postgres://user:password@host:port/database?sslmode=…` address says.
  struct Parts {
    var host: String
    var port: Int
    var username: String
    var password: String?
    var database: String?
    /// `disable`, `prefer` or `require`.
    var mode: String
  }

  /// The configuration of a pooled client for the address `url`.
  package static func configuration(from url: String) throws(StoreError)
    -> PostgresClient.Configuration
  {
    let parts = try parts(of: url)
    let tls: PostgresClient.Configuration.TLS
    switch parts.mode {
    case "disable": tls = .disable
    case "prefer": tls = .prefer(.makeClientConfiguration())
    default: tls = .require(.makeClientConfiguration())
    }
    return PostgresClient.Configuration(
      host: parts.host, port: parts.port, username: parts.username, password: parts.password,
      database: parts.database, tls: tls)
  }

  /// The configuration of a single connection to the address `url`.
  package static func connectionConfiguration(from url: String) throws(StoreError)
    -> PostgresConnection.Configuration
  {
    let parts = try parts(of: url)
    let tls: PostgresConnection.Configuration.TLS
    do {
      switch parts.mode {
      case "disable": tls = .disable
      case "prefer": tls = .prefer(try clientContext.get())
      default: tls = .require(try clientContext.get())
      }
    } catch {
      throw .failed("'\(url)': TLS cannot be set up: \(error)")
    }
    return PostgresConnection.Configuration(
      host: parts.host, port: parts.port, username: parts.username, password: parts.password,
      database: parts.database, tls: tls)
  }

  /// The TLS context of every single connection, made when the first one that may use TLS
  /// asks: making one loads the system's trust roots, which takes milliseconds. A context
  /// holds no state of a connection, so all of them share it.
  private static let clientContext = Result<NIOSSLContext, any Error> {
    try NIOSSLContext(configuration: .makeClientConfiguration())
  }

  /// The parts of `url`.
  static func parts(of url: String) throws(StoreError) -> Parts {
    guard let components = URLComponents(string: url),
      components.scheme == "postgres" || components.scheme == "postgresql",
      let host = components.host, !host.isEmpty
    else {
      throw .failed(
        "'\(url)' is not a PostgreSQL address (postgres://user:password@host:port/database)")
    }
    let database = components.path.hasPrefix("/") ? String(components.path.dropFirst()) : ""
    let mode: String
    switch components.queryItems?.first(where: { $0.name == "sslmode" })?.value ?? "prefer" {
    case "disable": mode = "disable"
    case "prefer", "allow": mode = "prefer"
    case "require", "verify-ca", "verify-full": mode = "require"
    case let other:
      throw .failed("'\(url)': sslmode '\(other)' is not disable, prefer or require")
    }
    return Parts(
      host: host, port: components.port ?? 5432,
      username: components.user?.removingPercentEncoding ?? "postgres",
      // As libpq does, a password the address leaves out comes from the environment.
      password: components.password?.removingPercentEncoding
        ?? ProcessInfo.processInfo.environment["PGPASSWORD"],
      database: database.isEmpty ? nil : database, mode: mode)
  }

  /// Whether `text` is a `postgres://` or `postgresql://` address, in any case.
  package static func isAddress(_ text: String) -> Bool {
    let lower = text.lowercased()
    return lower.hasPrefix("postgres://") || lower.hasPrefix("postgresql://")
  }

  /// `url` without its password, for messages and for descriptors written to files.
  package static func redacted(_ url: String) -> String {
    guard var components = URLComponents(string: url), components.password != nil else {
      return url
    }
    components.password = nil
    return components.string ?? url
  }
}
