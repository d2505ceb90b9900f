import Foundation
import Synchronization

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A one-thread HTTP server on 127.0.0.1 for tests: it answers each GET with the body
/// registered for its path, 404 otherwise, or (when `silent`, or for `silentPaths`) accepts and
/// never answers.
package final class LocalHTTPServer: Sendable {
  package let port: UInt16
  private let socketDescriptor: Int32
  private let bodies: [String: Data]
  private let silent: Bool
  private let silentPaths: Set<String>
  /// The connections a silent server accepted and holds open.
  private let held = Mutex<[Int32]>([])

  /// Starts listening on a free port.
  package init(bodies: [String: Data], silent: Bool = false, silentPaths: Set<String> = [])
    throws
  {
    self.bodies = bodies
    self.silent = silent
    self.silentPaths = silentPaths
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
    #else
      let descriptor = socket(AF_INET, SOCK_STREAM, 0)
    #endif
    guard descriptor >= 0 else { throw ServerError.socket }
    var address = sockaddr_in()
    address.sin_family = sa_family_t(AF_INET)
    address.sin_port = 0
    address.sin_addr.s_addr = inet_addr("127.0.0.1")
    let bound = withUnsafePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        bind(descriptor, $0, socklen_t(MemoryLayout<sockaddr_in>.size))
      }
    }
    guard bound == 0, listen(descriptor, 8) == 0 else {
      close(descriptor)
      throw ServerError.socket
    }
    var length = socklen_t(MemoryLayout<sockaddr_in>.size)
    _ = withUnsafeMutablePointer(to: &address) {
      $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
        getsockname(descriptor, $0, &length)
      }
    }
    socketDescriptor = descriptor
    port = UInt16(bigEndian: address.sin_port)
    let thread = Thread { [self] in serve() }
    thread.start()
  }

  package enum ServerError: Error {
    case socket
    case badPath(String)
  }

  /// The URL of `path` on this server.
  package func url(_ path: String) throws -> URL {
    guard let url = URL(string: "http://127.0.0.1:\(port)\(path)") else {
      throw ServerError.badPath(path)
    }
    return url
  }

  private func serve() {
    while true {
      let client = accept(socketDescriptor, nil, nil)
      guard client >= 0 else { return }
      var buffer = [UInt8](repeating: 0, count: 4096)
      var request = Data()
      while !request.contains(Data("\r\n\r\n".utf8)) {
        let count = read(client, &buffer, buffer.count)
        guard count > 0 else { break }
        request.append(contentsOf: buffer[0..<count])
      }
      let line = String(decoding: request, as: UTF8.self).split(separator: " ")
      let path = line.count > 1 ? String(line[1]) : "/"
      if silent || silentPaths.contains(path) {
        held.withLock { $0.append(client) }
        continue
      }
      let body = bodies[path]
      var response = Data(
        "HTTP/1.1 \(body == nil ? "404 Not Found" : "200 OK")\r\nContent-Length: \(body?.count ?? 0)\r\nConnection: close\r\n\r\n"
          .utf8)
      response.append(body ?? Data())
      // A client that stops reading (a body over its limit) must not end the process.
      #if canImport(Glibc)
        response.withUnsafeBytes { _ = send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
      #else
        response.withUnsafeBytes { _ = write(client, $0.baseAddress, $0.count) }
      #endif
      close(client)
    }
  }

  /// Stops listening and closes held connections.
  package func stop() {
    shutdown(socketDescriptor, Int32(SHUT_RDWR))
    close(socketDescriptor)
    held.withLock { held in
      for client in held { close(client) }
      held.removeAll()
    }
  }
}
