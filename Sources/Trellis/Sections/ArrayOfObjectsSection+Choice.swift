/// A list that chooses among its items (``ArrayOfObjectsSection/choice``).
extension ArrayOfObjectsSection {
  /// Chooses `item`, or toggles it, and goes back after a single choice.
  func choose(_ item: Value, in screen: Screen) throws(ScreenError) -> Bool {
    guard let choice, let value = choice.choice(afterTapping: item) else { return true }
    return try apply(value, goingBack: !choice.allowsMultiple, in: screen)
  }

  /// Chooses nothing (the None row of a single, optional choice), and goes back.
  func chooseNothing(in screen: Screen) throws(ScreenError) -> Bool {
    try apply(.null, goingBack: true, in: screen)
  }

  /// Stores `value` as the choice, then leaves `screen` when `goingBack` and the choice pops.
  private func apply(_ value: Value, goingBack: Bool, in screen: Screen) throws(ScreenError)
    -> Bool
  {
    guard let choice else { return true }
    if let message = choice.write(value) { throw .store(.refused(message)) }
    setNeedsRefresh()
    if goingBack && choice.popsOnChoice, let navigator = screen.navigator,
      navigator.stack.count > 1, navigator.top === screen
    {
      navigator.pop(screen)
    }
    return true
  }

  /// Makes the new item of `detail` chosen once Done has inserted it; `chooser` is the screen
  /// of this list.
  ///
  /// A choice that is invalid with the new item (the value being chosen for holds something
  /// no chooser writes) keeps it with why, as a tap on a row does: the form closes all the
  /// same, since Done stored its item, and the list's screen says why. Keeping the form open
  /// would make the next Done store the same item again.
  func chooseAfterCommit(_ item: Value, of detail: Screen, chooser: Screen) {
    let inserted = detail.afterCommit
    detail.afterCommit = { [weak self, weak chooser] screen throws(ScreenError) in
      try inserted?(screen)
      guard let self, let choice = self.choice else { return }
      if let message = choice.write(choice.choice(adding: item)) {
        chooser?.notice = message
      }
      self.setNeedsRefresh()
    }
  }
}
