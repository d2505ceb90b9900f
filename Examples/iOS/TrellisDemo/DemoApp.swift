import Foundation
import Trellis
import TrellisExamples
import TrellisSettings

#if TRELLIS_UIKIT_MIRROR
  import UIKitMirror
  import TrellisUIKitOnMirror
#else
  import UIKit
  import TrellisUIKit
#endif

/// The demo's apps, each a navigator over sample data from TrellisExamples.
enum DemoApp: String, CaseIterable {
  case tasks, settings, contacts, theme

  /// The tab's title.
  var title: String {
    switch self {
    case .tasks: "Tasks"
    case .settings: "Settings"
    case .contacts: "Contacts"
    case .theme: "Theme"
    }
  }

  /// The tab's symbol.
  var symbol: String {
    switch self {
    case .tasks: "checklist"
    case .settings: "gear"
    case .contacts: "person.2"
    case .theme: "paintbrush"
    }
  }

  /// The app's navigator; the settings are kept in the user-defaults suite `suiteName`.
  func navigator(suiteName: String = "TrellisDemo.Settings") throws -> Navigator {
    switch self {
    case .tasks:
      let categories = TasksApp.defaultCategories()
      return try TasksApp.navigator(
        tasks: TasksApp.sampleTasks(categories: categories), categories: categories
      ).0
    case .settings:
      let store = try UserDefaultsStore(suiteName: suiteName)
      return Navigator(root: try SettingsApp.screen(for: SettingsApp.settings(in: store)))
    case .contacts:
      let store = MemoryStore(
        objects: ContactsApp.people(60), definition: try ContactsApp.definition())
      let list = try ContactsApp.model(store: store)
      let navigator = Navigator(root: Screen(arrayOfObjects: list, navigationBar: .editRight))
      // On an iPad the person opened shows beside the list.
      navigator.isMasterDetail = true
      return navigator
    case .theme:
      return try ThemeExample.navigator().0
    }
  }

  /// The app's controller, as a tab.
  @MainActor
  func viewController(suiteName: String = "TrellisDemo.Settings") throws -> TrellisViewController {
    let controller = TrellisViewController(navigator: try navigator(suiteName: suiteName))
    controller.tabBarItem = UITabBarItem(
      title: title, image: UIImage(systemName: symbol), tag: Self.allCases.firstIndex(of: self)!)
    return controller
  }
}
