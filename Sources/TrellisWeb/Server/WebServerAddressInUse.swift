import Foundation
import NIOCore

/// The server could not listen: another program holds its address.
public struct WebServerAddressInUse: Error, CustomStringConvertible {
  /// The host and port asked for.
  public let host: String
  public let port: Int

  public var description: String {
    "port \(port) on \(host) is in use by another program: stop it, or choose another port "
      + "(--port, or 0 for any free one)"
  }

  /// `error` as this error when it says the address is in use; `nil` otherwise.
  static func from(_ error: any Error, host: String, port: Int) -> WebServerAddressInUse? {
    guard let io = error as? IOError, io.errnoCode == EADDRINUSE else { return nil }
    return WebServerAddressInUse(host: host, port: port)
  }
}
