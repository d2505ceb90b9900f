import Foundation
import HummingbirdBcrypt
import NIOPosix

/// Hashes and checks passwords with bcrypt, on NIO's thread pool: bcrypt is slow by design,
/// and must never hold up the event loops or an app's domain.
package enum PasswordHasher {
  /// The bcrypt cost of new hashes: 2^11 rounds, a few hundred milliseconds.
  package static let defaultCost: UInt8 = 11

  /// The bcrypt hash of `password`.
  package static func hash(_ password: String, cost: UInt8 = defaultCost) async throws -> String {
    try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
  }

  /// Whether `password` is the one `hash` was made from.
  package static func verify(_ password: String, hash: String) async throws -> Bool {
    try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: hash) }
  }

  /// Why `password` may not be used, or `nil`: it may not be empty, and bcrypt reads only its
  /// first 72 bytes.
  package static func problem(with password: String) -> String? {
    if password.isEmpty { return "the password may not be empty" }
    if password.utf8.count > 72 { return "the password may be at most 72 bytes long" }
    return nil
  }

  /// Why `name` may not be a person's name, or `nil`: 1 to 64 characters, none of them
  /// control characters, commas or spaces at either end.
  package static func problem(withName name: String) -> String? {
    if name.isEmpty || name.count > 64 { return "a name has 1 to 64 characters" }
    if name.unicodeScalars.contains(where: { $0.properties.generalCategory == .control }) {
      return "a name may not hold control characters"
    }
    if name.trimmingCharacters(in: .whitespaces) != name {
      return "a name may not start or end with a space"
    }
    return nil
  }
}
