// expect: SendingRisksDataRace
// An observer made on the main actor cannot be handed to a model on another domain: handlers
// run on the model's domain.
import Trellis

actor Elsewhere {
  let model = TableModel()
  var observation: ObservationToken?

  func observe(_ handler: @escaping (TableChangeset) -> Void) {
    observation = model.observe(handler)
  }
}

@MainActor final class Counter {
  var count = 0
  func follow(_ other: Elsewhere) async {
    await other.observe { _ in self.count += 1 }
  }
}
