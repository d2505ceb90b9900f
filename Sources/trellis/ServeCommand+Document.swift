import ArgumentParser
import Foundation
import Trellis
import TrellisDescriptors
import TrellisThemes
import TrellisWeb

extension ServeCommand {
  /// The app of a JSON or property list document that is no descriptor, given without
  /// `--data` (``ScreenInputOptions/dataDocument()``): its tree as `trellis edit` shows it,
  /// every window editing the one tree, and every change saved to the file.
  func documentApp() throws -> WebApp? {
    guard let store = try inputs.dataDocument() else { return nil }
    let path = inputs.descriptor
    let theme = try inputs.theme.flatMap(DescriptorFiles.requiredTheme)
    let name = (path as NSString).lastPathComponent
    let document = ServedDocument(store: store, name: name, theme: theme)
    // Open windows show another program's changes to the file within a second.
    return WebApp(
      id: "table", title: inputs.documentTitle, subtitle: path, sharing: document,
      refreshingEvery: .seconds(1), refresh: { $0.takeChangesOnDisk() }
    ) { try $0.makeNavigator() }
  }
}

/// A document every window of `trellis serve` edits: one tree, saved to its file after every
/// change (``AutosavedDocument``). The web host calls it on the app's one serial domain only.
final class ServedDocument {
  let document: AutosavedDocument
  let name: String
  let theme: Theme?
  /// Why the file did not read when last looked at, reported once.
  private var unreadable: String?

  init(store: DocumentStore, name: String, theme: Theme?) {
    document = AutosavedDocument(store: store)
    self.name = name
    self.theme = theme
    document.onSaveFailure = { error in CommandOutput.error("not saved: \(error)") }
  }

  func makeNavigator() throws(ScreenError) -> Navigator {
    // A new window shows what another program wrote to the file meanwhile, and so then does
    // every open one.
    takeChangesOnDisk()
    let screen = try document.store.screen(title: name)
    screen.model.theme = theme
    let navigator = Navigator(root: screen)
    document.attach(navigator)
    return navigator
  }

  /// Shows what another program wrote to the file since it was read or saved, merged with
  /// the tree, in every window. A file that no longer reads is reported once, and left alone.
  func takeChangesOnDisk() {
    do {
      try document.takeChangesOnDisk()
      unreadable = nil
    } catch {
      guard unreadable != error.description else { return }
      unreadable = error.description
      CommandOutput.error("\(name) no longer reads: \(error)")
    }
  }
}
