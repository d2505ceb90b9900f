import Crypto
import Foundation
import HTTPTypes

/// The session cookie: a random token the browser holds, of which the store keeps only a
/// hash.
enum SessionToken {
  /// The cookie's name.
  static let cookieName = "trellis_session"

  /// A new token: 32 random bytes in hexadecimal.
  static func make() -> String { Secret.make(bytes: 32) }

  /// The SHA-256 hash of `token`, in hexadecimal: what the store keeps.
  static func hash(_ token: String) -> String {
    SHA256.hash(data: Data(token.utf8)).map { String(format: "%02x", $0) }.joined()
  }

  /// The session token a request carries, when one looks like a token: in its
  /// `Authorization: Bearer` header (a program's, ``SignIn/issueToken(for:roles:lifetime:)``),
  /// or else in its `Cookie` headers (a browser's).
  static func token(in headers: HTTPFields) -> String? {
    if let authorization = headers[.authorization], authorization.hasPrefix("Bearer ") {
      let value = authorization.dropFirst("Bearer ".count).trimmingCharacters(in: .whitespaces)
      if value.count == 64, value.allSatisfy(\.isHexDigit) { return value }
    }
    for line in headers[values: .cookie] {
      for pair in line.split(separator: ";") {
        let parts = pair.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == cookieName
        else { continue }
        let value = parts[1].trimmingCharacters(in: .whitespaces)
        guard value.count == 64, value.allSatisfy(\.isHexDigit) else { continue }
        return value
      }
    }
    return nil
  }

  /// The `Set-Cookie` value that gives the browser `token` for `lifetime` seconds: only over
  /// HTTP (no script reads it), only to this site's own requests, on every path, and only
  /// over TLS when `secure`.
  static func setCookie(_ token: String, lifetime: Int, secure: Bool) -> String {
    "\(cookieName)=\(token); Path=/; Max-Age=\(lifetime); HttpOnly; SameSite=Strict"
      + (secure ? "; Secure" : "")
  }

  /// The `Set-Cookie` value that makes the browser forget its token.
  static func clearCookie(secure: Bool) -> String {
    "\(cookieName)=; Path=/; Max-Age=0; HttpOnly; SameSite=Strict" + (secure ? "; Secure" : "")
  }
}
