import Foundation
import Testing
import Trellis
import TrellisUIKitOnMirror
import UIKitMirror

@testable import TrellisiOSDemo

/// The iOS demo's window: a tab for each app, each showing its first screen without a broken
/// batch rule.
@Suite("iOS demo")
@MainActor
struct DemoTests {
  @Test func everyTabShowsItsApp() throws {
    let tabs = SceneDelegate.rootViewController(suiteName: Apps.suite())
    let controllers = try #require(tabs.viewControllers)
    #expect(controllers.map { $0.tabBarItem.title } == ["Tasks", "Settings", "Contacts", "Theme"])
    for case let app as TrellisViewController in controllers {
      _ = app.view
      let screen = try Apps.top(app)
      #expect(screen.tableView.numberOfSections > 0)
      #expect(screen.tableView.violations.isEmpty)
    }
    #expect(controllers.allSatisfy { $0 is TrellisViewController })
  }

  @Test func contactsIsMasterDetail() throws {
    let contacts = try DemoApp.contacts.viewController()
    _ = contacts.view
    #expect(contacts.split != nil)
  }
}
