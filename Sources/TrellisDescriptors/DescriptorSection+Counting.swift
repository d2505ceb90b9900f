import Trellis

extension DescriptorSection {
  /// Counts an async store's items for a row that shows how many there are, as the model's
  /// background work: the screen waits for it as it waits for a list's page, and the row
  /// renders again when the number arrives.
  func countInBackground(_ count: DescriptorCount) throws(Diagnostic) {
    let counter = try binder.counter(for: count)
    guard let model, counter.beginsCounting() else { return }
    model.perform({ await counter.recount() }, then: { _ in })
  }
}
