extension Screen {
  /// Validates, starts the store's write in the background, and finishes on the model's
  /// domain: the draft is cleared and the screen closes when the store accepts; when it
  /// refuses, the draft keeps every value, a refused value is marked on its row, and the
  /// notice says why.
  func commitInBackground(
    _ draft: Draft, _ writer: ([(String, Value)]) throws(StoreError) -> PreparedStoreWrite
  ) throws(ScreenError) {
    guard !isCommitting else { throw .notApplicable("the screen is saving") }
    if let failure = draft.validate() {
      notice = notice(for: .invalid(failure))
      throw .invalid(failure)
    }
    let values = draft.pendingValues
    let pending: PreparedStoreWrite
    // The store reads the object with its children: edits committed in child screens (a
    // task's step) are on their objects while it writes, and taken back if it refuses.
    let childUndo: ValuesUndo
    do throws(StoreError) {
      childUndo = try draft.applyChildEdits()
      do throws(StoreError) { pending = try writer(values) } catch {
        childUndo.run()
        throw error
      }
    } catch {
      draft.markRefusal(error)
      notice = notice(for: .store(error))
      throw .store(error)
    }
    isCommitting = true
    notice = nil
    model.perform(pending.run) { [weak self, weak draft] result in
      guard let self else { return }
      self.isCommitting = false
      switch result {
      case .success:
        do throws(ScreenError) {
          // The store has the values (and the children's): the draft lets them go.
          draft?.saved(values)
          try self.afterCommit?(self)
          self.notice = nil
          self.close()
        } catch {
          self.notice = self.notice(for: error)
        }
      case .failure(let error):
        pending.undo.run()
        childUndo.run()
        draft?.markRefusal(error)
        self.notice = self.notice(for: .store(error))
      }
    }
  }

  /// Leaves the navigator with every screen opened from it meanwhile; a screen a person
  /// already left stays gone. Otherwise a new item's form would stay open after the store
  /// took the item, and its next Done would insert the item again.
  private func close() {
    navigator?.close(self)
  }
}
