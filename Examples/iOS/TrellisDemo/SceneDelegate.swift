import Foundation

#if TRELLIS_UIKIT_MIRROR
  import UIKitMirror
  import TrellisUIKitOnMirror
#else
  import UIKit
  import TrellisUIKit
#endif

/// The demo's window: a tab for each of TrellisExamples' Tasks, Settings, Contacts and Theme
/// apps, each shown through the UIKit host.
final class SceneDelegate: UIResponder, UIWindowSceneDelegate {
  var window: UIWindow?

  func scene(
    _ scene: UIScene, willConnectTo session: UISceneSession,
    options connectionOptions: UIScene.ConnectionOptions
  ) {
    guard let windowScene = scene as? UIWindowScene else { return }
    let window = UIWindow(windowScene: windowScene)
    window.rootViewController = Self.rootViewController()
    window.makeKeyAndVisible()
    self.window = window
  }

  /// The tabs; an app that cannot start shows its error in place of its tab.
  static func rootViewController(suiteName: String = "TrellisDemo.Settings") -> UITabBarController {
    let tabs = UITabBarController()
    tabs.viewControllers = DemoApp.allCases.map { app in
      do { return try app.viewController(suiteName: suiteName) } catch {
        let failed = UIViewController()
        failed.title = "\(app.title): \(error)"
        failed.tabBarItem = UITabBarItem(title: app.title, image: nil, tag: 0)
        return failed
      }
    }
    return tabs
  }
}
