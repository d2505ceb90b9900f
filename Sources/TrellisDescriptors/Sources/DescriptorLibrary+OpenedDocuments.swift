import Foundation
import Trellis

extension DescriptorLibrary {
  /// The documents the library's `document` sources opened so far, in the order of their
  /// files: what an editor saves for a person, since their lists change them in memory only.
  package var openedDocuments: [DocumentStore] {
    let stores = openedSources.withLock { opened in
      opened.values.compactMap { source -> DocumentStore? in
        guard case .store(let store, _) = source else { return nil }
        return store as? DocumentStore
      }
    }
    return stores.sorted { $0.file.url.path < $1.file.url.path }
  }

  /// Whether the library's lists opened any source: a database, a service or a document.
  package var hasOpenedSources: Bool { openedSources.withLock { !$0.isEmpty } }
}
