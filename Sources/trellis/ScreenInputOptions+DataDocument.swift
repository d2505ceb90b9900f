import Foundation
import Trellis
import TrellisDescriptors

extension ScreenInputOptions {
  /// The document the input names when it is data rather than a descriptor, given without
  /// `--data`: a CSV or TSV file, or a JSON or property list file whose root is no descriptor
  /// (a dictionary, or a list of records). `render` and `serve` then show it as `trellis edit` does.
  ///
  /// `nil` when the input is anything else, or does not parse: the descriptor path then
  /// reports why, located. A document whose root cannot be shown stops the command with its
  /// located error. The file is read once, as the store that shows it.
  func dataDocument() throws -> DocumentStore? {
    let path = descriptor
    guard data == nil, !DescriptorFiles.isWebAddress(path),
      !DescriptorFiles.isPostgresAddress(path), !DescriptorFiles.isSettingsBundle(path),
      !DescriptorFiles.isSQLiteFile(path), !DescriptorFiles.isOpenAPIDocument(path),
      DescriptorFiles.refusal(path) == nil,
      let store = try? DocumentStore(contentsOf: URL(fileURLWithPath: path)),
      [.csv, .tsv].contains(store.format) || DescriptorFormat.detect(store.root.root) == nil
        || DescriptorFormat.isListOfRecords(store.root.root)
    else { return nil }
    return try store.requiringShowableRoot(file: path)
  }

  /// The name a data document's app is titled with: its file's, without the extension.
  var documentTitle: String {
    ((descriptor as NSString).lastPathComponent as NSString).deletingPathExtension
  }
}
