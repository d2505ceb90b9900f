import Foundation
import Trellis
import TrellisTerminal
import TrellisWeb

/// The demo apps in the terminal (`trellis-demo --terminal`): a first screen lists the apps;
/// Enter opens one, Esc on its first screen comes back to the list, `q` quits.
enum TerminalDemo {
  /// Runs the apps until the person quits; without a terminal, prints the list of apps.
  static func run(apps: [WebApp]) throws {
    var chosen: WebApp?
    let menu = menuNavigator(apps)
    let environment = ProcessInfo.processInfo.environment
    if let reason = TerminalSession.unavailableReason(environment: environment) {
      FileHandle.standardError.write(
        Data("trellis-demo: \(reason); printing the list of apps as text.\n".utf8))
      menu.processChanges()
      print(TextRenderer(width: 60).render(menu.top.snapshot()), terminator: "")
      return
    }
    guard let session = TerminalSession() else {
      FileHandle.standardError.write(Data("trellis-demo: cannot use the terminal\n".utf8))
      return
    }
    defer { session.close() }
    let usesColor = TerminalSession.wantsColor(environment: environment)
    let depth = TerminalColorDepth(environment: environment)
    let menuHost = TerminalHost(
      navigator: menu, size: session.size, usesColor: usesColor, colorDepth: depth)
    for app in apps {
      menu.namedActions["open-" + app.id] = { [weak menuHost] _ in
        chosen = app
        menuHost?.stop()
      }
    }
    while true {
      chosen = nil
      guard menuHost.run(on: session) == .stopped, let app = chosen else { return }
      let navigator: Navigator
      do { navigator = try app.makeNavigator() } catch {
        menuHost.status = "\(app.title) did not open: \(error)"
        continue
      }
      let host = TerminalHost(
        navigator: navigator, size: session.size, usesColor: usesColor, colorDepth: depth)
      host.leavesOnRootBack = true
      if host.run(on: session) == .quit { return }
    }
  }

  /// The first screen: one row per app, its subtitle beside it.
  static func menuNavigator(_ apps: [WebApp]) -> Navigator {
    let model = TableModel(title: "Trellis demo")
    let section = Section(header: "Apps", footer: "Enter opens an app; Esc comes back here.")
    for app in apps {
      var row = Row(id: RowID(.string(app.id)), text: app.title)
      row.detailText = app.subtitle
      row.accessory = .disclosureIndicator
      row.action = .named("open-" + app.id)
      section.addRow(row)
    }
    model.addSection(section)
    return Navigator(root: Screen(model: model))
  }
}
