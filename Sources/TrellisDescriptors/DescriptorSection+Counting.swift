import Trellis

extension DescriptorSection {
  /// Shows how many items a source holds in a row: its counter follows the store while the
  /// section lives (``SourceCount/beginShowing()``), and counts an async store's items as the
  /// model's background work: the screen waits for it as it waits for a list's page, and the
  /// row renders again when the number arrives.
  ///
  /// The section is rendered again once the count is done, on the model's domain, not only
  /// when observation says the number changed: a count that ends on another thread while
  /// the row is being rendered changes the number before the render's observation is in
  /// place, and observation would then never tell.
  func showCount(_ count: DescriptorCount) throws(Diagnostic) {
    let counter = try binder.counter(for: count)
    let key = ObjectIdentifier(counter)
    if countShowings[key] == nil { countShowings[key] = counter.beginShowing() }
    guard let model, counter.beginsCounting() else { return }
    let (sink, section) = (model.invalidation, ObjectIdentifier(self))
    model.perform({ await counter.recount() }, then: { _ in sink.invalidateSection(section) })
  }
}
