// expect: SendingClosureRisksDataRace
// A model an actor holds cannot be used by a task that runs elsewhere.
import Trellis

actor Host {
  let model = TableModel()

  func leak() {
    let model = model
    Task.detached { _ = model.sections }
  }
}
