import Hummingbird

/// The context of a request to a ``WebServer``: Hummingbird's basic request context.
///
/// Routes an app adds to ``WebServer/router()`` get it like any Hummingbird context.
public struct WebRequestContext: RequestContext {
  public var coreContext: CoreRequestContextStorage

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
  }
}
