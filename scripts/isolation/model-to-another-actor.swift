// expect: SendingRisksDataRace
// A model the main actor holds cannot be handed to another domain.
import Trellis

@MainActor final class Host {
  let model = TableModel()
}

actor Elsewhere {
  func take(_ model: TableModel) {}
}

@MainActor func share(_ host: Host, _ other: Elsewhere) async {
  await other.take(host.model)
}
