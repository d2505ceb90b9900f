import Foundation
import TrellisDescriptors

extension EditCommand {
  /// Saves the documents that `library`'s `document` sources opened and that hold changes;
  /// the names of those it saved.
  ///
  /// A descriptor's lists edit such a document in memory: the editor saves it as it saves the
  /// data, so that what a person changed in them is not lost when they quit.
  static func saveOpenedDocuments(of library: DescriptorLibrary) throws -> [String] {
    var saved: [String] = []
    for store in library.openedDocuments where store.hasUnsavedChanges {
      try store.save()
      saved.append(store.file.url.lastPathComponent)
    }
    return saved
  }

  /// Whether a document `library`'s sources opened holds changes not saved yet.
  static func hasUnsavedDocuments(_ library: DescriptorLibrary) -> Bool {
    library.openedDocuments.contains { $0.hasUnsavedChanges }
  }

  /// Takes another program's changes to the documents `library`'s sources opened, keeping
  /// unsaved edits; what to tell the person when one no longer reads, or `nil`.
  static func takeChangesOnDisk(of library: DescriptorLibrary) -> String? {
    for store in library.openedDocuments {
      do { try store.takeChangesOnDisk() } catch {
        return "\(store.file.url.lastPathComponent) no longer reads: \(error)"
      }
    }
    return nil
  }
}
