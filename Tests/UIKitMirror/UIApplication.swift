import Foundation

/// Mirror of UIKit's `UIApplication`: here, only opening web addresses.
@MainActor
open class UIApplication: UIResponder {
  /// Mirror of `UIApplication.OpenExternalURLOptionsKey`.
  public struct OpenExternalURLOptionsKey: Hashable, Sendable, RawRepresentable {
    public let rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
  }

  public static let shared = UIApplication()
  /// The addresses opened, in order (mirror only).
  public private(set) var openedURLs: [URL] = []

  open func open(
    _ url: URL, options: [OpenExternalURLOptionsKey: Any] = [:],
    completionHandler completion: (@MainActor @Sendable (Bool) -> Void)? = nil
  ) {
    openedURLs.append(url)
    completion?(true)
  }
}
