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
/// change. The web host calls it on the app's one serial domain only.
final class ServedDocument {
  let store: DocumentStore
  let name: String
  let theme: Theme?
  /// Why the last save failed, shown on every window until a save succeeds.
  private(set) var saveFailure: String?
  /// The windows' navigators, to show them a failed save.
  private var navigators: [WeakNavigator] = []

  private struct WeakNavigator { weak var navigator: Navigator? }

  /// Whether the store is showing a tree merged with the file (a save's, or another
  /// program's changes taken): that is no edit to save again.
  private var isMerging = false
  /// Why the file did not read when last looked at, reported once.
  private var unreadable: String?

  init(store: DocumentStore, name: String, theme: Theme?) {
    self.store = store
    self.name = name
    self.theme = theme
    let marksUnsaved = store.root.onChange
    store.root.onChange = { [weak self] key in
      marksUnsaved?(key)
      self?.save()
    }
  }

  func makeNavigator() throws(ScreenError) -> Navigator {
    // A new window shows what another program wrote to the file meanwhile, and so then does
    // every open one.
    takeChangesOnDisk()
    let screen = try store.screen(title: name)
    screen.model.theme = theme
    let navigator = Navigator(root: screen)
    navigator.notice = saveFailure
    navigators.removeAll { $0.navigator == nil }
    navigators.append(WeakNavigator(navigator: navigator))
    return navigator
  }

  /// Shows what another program wrote to the file since it was read or saved, merged with
  /// the tree, in every window. A file that no longer reads is reported once, and left alone.
  func takeChangesOnDisk() {
    isMerging = true
    defer { isMerging = false }
    do {
      try store.takeChangesOnDisk()
      unreadable = nil
    } catch {
      guard unreadable != error.description else { return }
      unreadable = error.description
      CommandOutput.error("\(name) no longer reads: \(error)")
    }
  }

  /// Writes the tree to the file, atomically. A failure is reported, on the server's output
  /// and on every window, and the edits stay, to be written with the next change.
  private func save() {
    guard !isMerging else { return }
    isMerging = true
    defer { isMerging = false }
    do {
      try store.save()
      show(nil)
    } catch {
      CommandOutput.error("not saved: \(error)")
      show("Not saved to \(name): \(error). The changes are kept here and saved with the next one.")
    }
  }

  private func show(_ failure: String?) {
    guard failure != saveFailure else { return }
    saveFailure = failure
    for window in navigators { window.navigator?.notice = failure }
  }
}
