import Hummingbird
import NIOCore
import Trellis

/// The context of a request to a ``WebServer``: Hummingbird's basic request context, with the
/// address the request came from and the person signed in.
///
/// Routes an app adds to ``WebServer/router()`` get it like any Hummingbird context.
public struct WebRequestContext: RequestContext, RemoteAddressRequestContext {
  public var coreContext: CoreRequestContextStorage
  /// The address of the client's end of the connection (a proxy's, behind a proxy).
  public let remoteAddress: SocketAddress?
  /// The person the request's session cookie signs in; `nil` when the server has no sign-in.
  public internal(set) var person: Person?

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    remoteAddress = source.channel.remoteAddress
  }
}
