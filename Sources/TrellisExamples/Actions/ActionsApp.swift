import Foundation
import Trellis
import TrellisDescriptors

/// Every action hook at work, each writing what it did to a log on the first screen: the
/// descriptor's built-in actions (push, pop, present, dismiss, open, set, delete, save,
/// reload), the app's own actions and one it never registered, a picker of feet and inches,
/// and, a screen further, the hooks of Swift code at the screen, model, section and row.
public enum ActionsApp {
  /// The first screen's navigator, with its log.
  public static func navigator() throws -> (navigator: Navigator, log: ActionLog) {
    let log = ActionLog()
    let data = try DocumentObject(LocatedDocument(text: initialData, format: .json).root)
    let mailbox = Locked(0)
    var library = DescriptorLibrary()
    for (name, text) in [
      ("Actions", mainDescriptor), ("Details", detailsDescriptor), ("Sheet", sheetDescriptor),
    ] {
      library.descriptors[name] = try TableDescriptor(data: Data(text.utf8), file: name + ".json")
    }
    // Mail arrives at the server without telling anyone: the Reload row shows what was
    // fetched, and reloading fetches it.
    let fetched = Locked(0)
    library.functions["inbox"] = { _ in .string("\(fetched.withLock { $0 }) messages") }
    library.onReload = { _ in
      let count = mailbox.withLock { $0 }
      fetched.withLock { $0 = count }
    }
    // The first screen's data, for the save action. Sound: the document is written only by
    // actions, on the domain of the screen that shows it.
    let box = UncheckedLocked(data)
    library.actions["greet"] = { context in
      let greeting = context.userInfo["greeting"]?.stringValue ?? "?"
      let topic = context.sectionUserInfo["topic"]?.stringValue ?? "?"
      log.record("greet: \(greeting) (\(topic))")
    }
    library.actions["receiveMail"] = { _ in
      let count = mailbox.withLock { count in
        count += 1
        return count
      }
      log.record("receiveMail: \(count) waiting")
    }
    library.actions["showHooks"] = { context in
      guard let navigator = context.screen?.navigator, let hooks = try? hooksScreen(rootLog: log)
      else { return }
      navigator.push(hooks)
    }
    library.onSave = { _ in
      let saves = try box.withLock { data in
        let saves = (data.root.dictionaryValue?["saves"]?.intValue ?? 0) + 1
        try data.setValue(.int(saves), forKey: "saves")
        return saves
      }
      log.record("save: saved \(saves) time\(saves == 1 ? "" : "s")")
    }
    guard let main = library.descriptors["Actions"] else { throw CocoaError(.fileNoSuchFile) }
    let screen = try main.makeScreen(root: data, library: library)
    screen.model.addSection(log.section)
    let navigator = Navigator(root: screen)
    library.install(on: navigator)
    // Screens the descriptors push and present say when they come and go.
    let provide = navigator.screenProvider
    navigator.screenProvider = { name, context in
      guard let next = provide?(name, context) else { return nil }
      logPresentation(of: next, log: log)
      return next
    }
    return (navigator, log)
  }

  /// Makes `screen`'s presentation actions write to `log`.
  static func logPresentation(of screen: Screen, log: ActionLog) {
    screen.actions.willPresent = { log.record("willPresent: \($0.title ?? "")") }
    screen.actions.didPresent = { log.record("didPresent: \($0.title ?? "")") }
    screen.actions.willDismiss = { log.record("willDismiss: \($0.title ?? "")") }
    screen.actions.didDismiss = { log.record("didDismiss: \($0.title ?? "")") }
  }
}
