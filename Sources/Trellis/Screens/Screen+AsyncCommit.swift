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
    run(pending, values: values, childUndo: childUndo)
  }

  /// Runs `pending` in the background, then its follow-up on this domain, which may start
  /// another write; the last one's answer ends the commit.
  private func run(_ pending: PreparedStoreWrite, values: [(String, Value)], childUndo: ValuesUndo)
  {
    model.perform(pending.run) { [weak self] result in
      guard let self else { return }
      var outcome = result
      if case .success = result, let followUp = pending.followUp {
        // The follow-up may give the shown object what the store answered (an id): every row
        // reads it again.
        defer { self.model.invalidateAll() }
        do throws(StoreError) {
          if let next = try followUp() {
            self.run(next, values: values, childUndo: childUndo)
            return
          }
        } catch { outcome = .failure(error) }
      }
      self.isCommitting = false
      // The screen's draft: a follow-up may have put another object's form on the screen.
      let draft = self.draft
      switch outcome {
      case .success:
        do throws(ScreenError) {
          // The store has the values (and the children's): the draft lets them go.
          draft?.saved(values)
          try self.afterCommit?(self)
          self.notice = nil
          self.saves += 1
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
