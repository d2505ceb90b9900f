import Hummingbird
import HummingbirdWebSocket
import NIOCore

/// The context of a request to a ``WebServer``: Hummingbird's WebSocket request context, and
/// the connection it came on.
///
/// Routes an app adds to ``WebServer/router()`` get it like any Hummingbird context. A
/// session's page reaches the server through it: the server writes the session's messages to
/// the connection's channel directly, on its event loop.
public struct WebRequestContext: RequestContext, WebSocketRequestContext {
  public var coreContext: CoreRequestContextStorage
  public let webSocket: WebSocketHandlerReference<Self>
  /// The connection the request came on.
  let channel: any Channel

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    webSocket = .init()
    channel = source.channel
  }
}
