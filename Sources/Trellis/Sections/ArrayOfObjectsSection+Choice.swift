/// A list that chooses among its items (``ArrayOfObjectsSection/choice``).
extension ArrayOfObjectsSection {
  /// Chooses `item`, or toggles it, and goes back after a single choice.
  func choose(_ item: Value, in screen: Screen) throws(ScreenError) -> Bool {
    guard let choice, let value = choice.choice(afterTapping: item) else { return true }
    if let message = choice.write(value) { throw .edit(.refused(section: id, reason: message)) }
    setNeedsRefresh()
    if !choice.allowsMultiple && choice.popsOnChoice, let navigator = screen.navigator,
      navigator.stack.count > 1, navigator.top === screen
    {
      navigator.pop(screen)
    }
    return true
  }

  /// Makes the new item of `detail` chosen once Done has inserted it.
  func chooseAfterCommit(_ item: Value, of detail: Screen) {
    let inserted = detail.afterCommit
    detail.afterCommit = { [weak self] screen throws(ScreenError) in
      try inserted?(screen)
      guard let self, let choice = self.choice else { return }
      if let message = choice.write(choice.choice(adding: item)) {
        throw .edit(.refused(section: self.id, reason: message))
      }
      self.setNeedsRefresh()
    }
  }
}
