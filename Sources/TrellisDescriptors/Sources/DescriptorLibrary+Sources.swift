import Foundation
import Trellis

extension DescriptorLibrary {
  /// A source opened from one folder.
  struct OpenedSource: Hashable {
    let source: ListSource
    let directory: String
  }

  /// The store `section` names, opened through the resolver of its kind once per library
  /// (and its copies), and shared afterwards.
  ///
  /// - Parameter file: the descriptor's file, whose folder relative files are in unless
  ///   ``sourceDirectory`` says otherwise.
  func open(_ section: SectionSource, file: String?) throws(DiagnosticList) -> ListSourceStore {
    let directory =
      sourceDirectory
      ?? file.map { URL(fileURLWithPath: $0).deletingLastPathComponent() }
      ?? URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    let request = ListSourceRequest(
      source: section.source, directory: directory, file: file, location: section.location,
      settingLocations: section.settingLocations)
    let key = OpenedSource(source: section.source, directory: directory.standardized.path)
    if let opened = openedSources.withLock({ $0[key] }) { return opened }
    let kind = section.source.kind
    guard let resolver = sources[kind] else {
      throw DiagnosticList([
        request.error(
          "this program cannot open \(kind.words) sources (no resolver is registered for "
            + "'\(kind.rawValue)')")
      ])
    }
    let opened = try resolver(request)
    return openedSources.withLock { stores in
      if let earlier = stores[key] { return earlier }
      stores[key] = opened
      return opened
    }
  }

  /// The counter of the store `count` names, opened as a section's source is; one per store.
  func counter(for count: DescriptorCount, file: String?) throws(DiagnosticList) -> SourceCount {
    let opened = try open(count.source, file: file)
    let key: ObjectIdentifier =
      switch opened {
      case .store(let store, _): ObjectIdentifier(store)
      case .asyncStore(let store, _): ObjectIdentifier(store)
      }
    if let counter = sourceCounts.withLock({ $0[key] }) { return counter }
    let counter = SourceCount(opened)
    return sourceCounts.withLock { counters in
      if let earlier = counters[key] { return earlier }
      counters[key] = counter
      return counter
    }
  }
}
