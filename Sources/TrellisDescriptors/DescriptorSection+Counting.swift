import Trellis

extension DescriptorSection {
  /// Shows how many items a source holds in a row: its counter follows the store while the
  /// section lives (``SourceCount/beginShowing()``), and counts an async store's items as the
  /// model's background work: the screen waits for it as it waits for a list's page, and the
  /// row renders again when the number arrives.
  func showCount(_ count: DescriptorCount) throws(Diagnostic) {
    let counter = try binder.counter(for: count)
    let key = ObjectIdentifier(counter)
    if countShowings[key] == nil { countShowings[key] = counter.beginShowing() }
    guard let model, counter.beginsCounting() else { return }
    model.perform({ await counter.recount() }, then: { _ in })
  }
}
