import Foundation
import Trellis

/// A document that every window edits and that is saved to its file after every change: what
/// `trellis serve` and the demo serve of a JSON or property-list file.
///
/// Another program's changes to the file are taken when ``takeChangesOnDisk()`` is called (a
/// server does every second) and by every save. The tree merged with them is no edit, and is
/// not saved again. A value both changed keeps the other program's, since no save here is
/// one a person asked to repeat over it: every window says which, until the next save. A
/// failed save is shown on every window (``Navigator/notice``) until a save succeeds; the
/// edits stay in the tree, to be written with the next change.
///
/// Call it on one domain, the one its screens are on.
package final class AutosavedDocument {
  /// The document's store: its tree (``DocumentStore/root``) is what the windows edit.
  package let store: DocumentStore
  /// Why the last save failed, or `nil`.
  package private(set) var saveFailure: String?
  /// Called with each failed save's reason, for a log.
  package var onSaveFailure: ((Diagnostic) -> Void)?
  /// The windows, to show them a failed save.
  private var navigators: [WeakNavigator] = []
  /// Whether the store is taking a tree merged with the file, which is no edit to save.
  private var isMerging = false
  /// Whether the file no longer read when last looked at, which every window is shown.
  private var isUnreadable = false

  private struct WeakNavigator { weak var navigator: Navigator? }

  /// Saves `store` after every change to its tree.
  package init(store: DocumentStore) {
    self.store = store
    let marksUnsaved = store.root.onChange
    store.root.onChange = { [weak self] key in
      marksUnsaved?(key)
      self?.save()
    }
  }

  /// Shows a failed save on `navigator`, now and until a save succeeds.
  package func attach(_ navigator: Navigator) {
    navigator.notice = saveFailure
    navigators.removeAll { $0.navigator == nil }
    navigators.append(WeakNavigator(navigator: navigator))
  }

  /// Shows what another program wrote to the file since it was read or saved, merged with
  /// the tree, in every window: forms keep what is typed in them, and Done meets a value both
  /// changed as a conflict.
  ///
  /// - Throws: A located ``Diagnostic`` when the file no longer reads; nothing changes then.
  package func takeChangesOnDisk() throws(Diagnostic) {
    do {
      isMerging = true
      defer { isMerging = false }
      try store.takeChangesOnDisk()
    } catch {
      // Every window says so, not only the server's log: an edit now would not be saved.
      isUnreadable = true
      show(
        "\(store.file.url.lastPathComponent) no longer reads (\(error)). It is left as it is; "
          + "changes made here are kept and saved once it reads again.")
      throw error
    }
    guard isUnreadable else { return }
    // Readable again: what was changed meanwhile is saved now.
    isUnreadable = false
    show(nil)
    if store.hasUnsavedChanges { save() }
  }

  /// Writes the tree to the file, atomically, and shows the outcome on every window.
  private func save() {
    guard !isMerging else { return }
    isMerging = true
    defer { isMerging = false }
    do {
      try store.save(keepingTheirs: true)
      isUnreadable = false
      let kept = store.file.keptTheirs.map { $0.isEmpty ? "the whole file" : "“\($0)”" }
      show(
        kept.isEmpty
          ? nil
          : "Another program changed \(kept.joined(separator: ", ")) in "
            + "\(store.file.url.lastPathComponent) while it was edited here: its value is kept, "
            + "and the one entered here was not saved.")
    } catch {
      onSaveFailure?(error)
      show(
        "Not saved to \(store.file.url.lastPathComponent): \(error). "
          + "The changes are kept here and saved with the next one.")
    }
  }

  private func show(_ failure: String?) {
    guard failure != saveFailure else { return }
    saveFailure = failure
    for window in navigators { window.navigator?.notice = failure }
  }
}
