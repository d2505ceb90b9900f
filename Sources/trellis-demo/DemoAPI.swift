import Foundation
import Trellis

/// The demo's REST API over its Contacts table, served on the demo's own port (see
/// `StoreAPI`): what the web-service app reads, like any client, over HTTP.
enum DemoAPI {
  /// Where the contacts API is mounted on the demo server.
  static let contactsPath = "/api/contacts/"

  /// The contacts API's base URL (`http://127.0.0.1:8080/api/contacts/`), once the server
  /// listens; `nil` before.
  static var contactsURL: String? { serverURL.withLock { $0 }.map { $0 + contactsPath } }

  /// Records where the server listens: a wildcard address is reached over loopback.
  static func serverStarted(host: String, port: Int) {
    let reachable = ["0.0.0.0", "", "::"].contains(host) ? "127.0.0.1" : host
    let address = reachable.contains(":") ? "[\(reachable)]" : reachable
    serverURL.withLock { $0 = "http://\(address):\(port)" }
  }

  /// The server's URL, without a trailing slash.
  private static let serverURL = Locked<String?>(nil)

  /// The token the Web Service app presents to the demo's own API when people sign in.
  static var serviceToken: String? {
    get { token.withLock { $0 } }
    set { token.withLock { $0 = newValue } }
  }
  private static let token = Locked<String?>(nil)
}
