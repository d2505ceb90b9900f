import Foundation

/// Mirror of UIKit's `UIScene`.
@MainActor
open class UIScene: UIResponder {
  /// Mirror of `UIScene.ConnectionOptions`.
  @MainActor
  open class ConnectionOptions: NSObject {}

  public let session: UISceneSession

  public init(session: UISceneSession, connectionOptions: ConnectionOptions) {
    self.session = session
    super.init()
  }
}

/// Mirror of UIKit's `UIWindowScene`.
@MainActor
open class UIWindowScene: UIScene {}

/// Mirror of UIKit's `UISceneSession`.
@MainActor
open class UISceneSession: NSObject {}

/// Mirror of UIKit's `UISceneDelegate`.
@MainActor
public protocol UISceneDelegate: NSObjectProtocol {
  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions)
}

/// Mirror of UIKit's `UIWindowSceneDelegate`.
@MainActor
public protocol UIWindowSceneDelegate: UISceneDelegate {
  var window: UIWindow? { get set }
}
