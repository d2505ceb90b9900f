import Observation
import Trellis

/// The header of a list that says how many items its source holds (`12 rows`), following the
/// store as the counts of a home screen do: what the list adds or deletes, in this window or
/// another, and what other programs change that the store reports.
///
/// The header is read when the section renders (``Section/headerText``); reading it arms an
/// observation of the counter, whose change renders the section again. While the list lives,
/// the counter follows its store (``SourceCount/beginShowing()``).
final class ListCountHeader {
  private let count: DescriptorCount
  private let counter: SourceCount
  private let showing: ObservationToken
  private weak var section: Section?
  /// Whether a change of the number is already set to render the section again.
  private let isArmed = Locked(false)

  private init(_ count: DescriptorCount, counter: SourceCount, section: Section) {
    self.count = count
    self.counter = counter
    self.section = section
    showing = counter.beginShowing()
  }

  /// Makes `section`'s header say how many items `count`'s source holds, with `counter`.
  static func install(_ count: DescriptorCount, counter: SourceCount, on section: Section) {
    let header = ListCountHeader(count, counter: counter, section: section)
    section.headerText = { header.text() }
  }

  /// The header now, for a render on the model's domain; `nil` until an async store's first
  /// count arrives.
  func text() -> String? {
    guard let section, let model = section.model else { return counter.number.map(count.text) }
    if counter.beginsCounting() {
      let counter = counter
      model.perform({ await counter.recount() }, then: { _ in })
    }
    let armed = isArmed.withLock { armed in
      defer { armed = true }
      return armed
    }
    guard !armed else { return counter.number.map(count.text) }
    let sink = model.invalidation
    let key = ObjectIdentifier(section)
    let isArmed = isArmed
    return withObservationTracking {
      counter.number.map(count.text)
    } onChange: {
      isArmed.withLock { $0 = false }
      sink.invalidateSection(key)
    }
  }
}
