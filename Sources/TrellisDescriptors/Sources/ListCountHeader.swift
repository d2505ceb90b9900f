import Observation
import Trellis

/// The header of a list that says how many items its source holds (`12 rows`), following the
/// store as the counts of a home screen do: what the list adds or deletes, in this window or
/// another, and what other programs change that the store reports. While the list is
/// searched, it says how many of them the search finds (`3 of 12 rows`).
///
/// The header is read when the section renders (``Section/headerText``); reading it arms an
/// observation of the counter, whose change renders the section again. While the list lives,
/// the counter follows its store (``SourceCount/beginShowing()``).
final class ListCountHeader {
  /// What a search found: how many items, counted for its text after the store's
  /// `countedAt`th change.
  private struct Found: Sendable {
    var text: String
    var number: Int?
    var countedAt: Int
    var isCounting: Bool
  }

  private let count: DescriptorCount
  private let counter: SourceCount
  private let showing: ObservationToken
  private weak var section: Section?
  /// Whether a change of the number is already set to render the section again.
  private let isArmed = Locked(false)
  /// The last search's count; one per header, since each window searches on its own.
  private let found = Locked<Found?>(nil)

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
    guard let total = total(section, model) else { return nil }
    guard let search = (section as? ArrayOfObjectsSection)?.searchUnderWay,
      let number = matches(search, section: section, model: model)
    else { return count.text(total) }
    return "\(number) of \(count.text(total))"
  }

  /// How many items the source holds, read so that its change renders the section again.
  private func total(_ section: Section, _ model: TableModel) -> Int? {
    if counter.beginsCounting() {
      // Rendered again once counted, whatever observation saw (``DescriptorSection``'s
      // `showCount(_:)` says why).
      let (counter, sink, key) = (counter, model.invalidation, ObjectIdentifier(section))
      model.perform({ await counter.recount() }, then: { _ in sink.invalidateSection(key) })
    }
    let armed = isArmed.withLock { armed in
      defer { armed = true }
      return armed
    }
    guard !armed else { return counter.number }
    let sink = model.invalidation
    let key = ObjectIdentifier(section)
    let isArmed = isArmed
    return withObservationTracking {
      counter.number
    } onChange: {
      isArmed.withLock { $0 = false }
      sink.invalidateSection(key)
    }
  }

  /// How many items the search finds: counted again when its text changes or the store
  /// reports a change. An async store is counted in the background, and the last number for
  /// the same text shows meanwhile; `nil` until there is one.
  private func matches(
    _ search: (text: String, options: FetchOptions), section: Section, model: TableModel
  ) -> Int? {
    let changes = counter.changes
    let last = found.withLock { $0 }
    let sameText = last?.text == search.text
    if let last, sameText, last.isCounting || last.countedAt == changes { return last.number }
    guard counter.isAsync else {
      let number = counter.count(search.options)
      found.withLock {
        $0 = Found(text: search.text, number: number, countedAt: changes, isCounting: false)
      }
      return number
    }
    let shown = sameText ? last?.number : nil
    found.withLock {
      $0 = Found(text: search.text, number: shown, countedAt: changes, isCounting: true)
    }
    let (counter, found, text, options) = (counter, found, search.text, search.options)
    let (sink, key) = (model.invalidation, ObjectIdentifier(section))
    model.perform(
      {
        let number = await counter.count(options)
        found.withLock { found in
          guard var counted = found, counted.text == text else { return }
          if let number { counted.number = number }
          counted.isCounting = false
          found = counted
        }
      },
      then: { _ in sink.invalidateSection(key) })
    return shown
  }
}
