import Hummingbird
import NIOCore

/// The context of a request to a ``WebServer``: Hummingbird's basic request context, with the
/// address the request came from.
///
/// Routes an app adds to ``WebServer/router()`` get it like any Hummingbird context.
public struct WebRequestContext: RequestContext, RemoteAddressRequestContext {
  public var coreContext: CoreRequestContextStorage
  /// The address of the client's end of the connection (a proxy's, behind a proxy).
  public let remoteAddress: SocketAddress?

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
  }
}
