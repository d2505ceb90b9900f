import Foundation

#if canImport(Glibc)
  import Glibc
#endif

/// A loopback port that accepts connections and never answers: a service that hangs.
final class SilentListener {
  private let socketDescriptor: Int32
  /// The port it listens on.
  let port: Int

  /// Listens on a free loopback port.
  init() throws {
    #if canImport(Glibc)
      let descriptor = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
      var address = sockaddr_in()
      address.sin_family = sa_family_t(AF_INET)
      address.sin_addr.s_addr = inet_addr("127.0.0.1")
      address.sin_port = 0
      var length = socklen_t(MemoryLayout<sockaddr_in>.size)
      let bound = withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { bind(descriptor, $0, length) }
      }
      guard descriptor >= 0, bound == 0, listen(descriptor, 16) == 0 else {
        throw CocoaError(.fileWriteUnknown)
      }
      _ = withUnsafeMutablePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
          getsockname(descriptor, $0, &length)
        }
      }
      socketDescriptor = descriptor
      port = Int(UInt16(bigEndian: address.sin_port))
    #else
      throw CocoaError(.featureUnsupported)
    #endif
  }

  deinit {
    #if canImport(Glibc)
      close(socketDescriptor)
    #endif
  }
}
