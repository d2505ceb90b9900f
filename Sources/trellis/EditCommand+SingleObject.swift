import ArgumentParser
import Foundation
import Trellis
import TrellisDescriptors

extension EditCommand {
  /// Whether the file at `path` is a canonical descriptor whose screen is a single object's
  /// form (it has `singleObject`), read or not: such a descriptor needs no `--data`.
  static func isSingleObjectDescriptor(_ path: String) -> Bool {
    guard !DescriptorFiles.isWebAddress(path),
      let data = FileManager.default.contents(atPath: path),
      let document = try? LocatedDocument(data: data, file: path),
      let keys = document.root.dictionaryValue
    else { return false }
    return keys["schemaVersion"] != nil && keys["singleObject"] != nil
  }

  /// A single object's form, opened without `--data`: its source keeps the object and Done
  /// writes it there, so Ctrl-S is Done and there is no file to save.
  func openSingleObjectDescriptor() throws -> Editing {
    var files = DescriptorFiles()
    files.timeout = timeout
    let inputs = try files.requiredScreenInputs(descriptor: file, data: nil, theme: theme)
    let navigator = try Self.navigator(
      inputs.library, showing: inputs.descriptor, root: inputs.root)
    return Editing(navigator: navigator, save: nil, hasUnsavedChanges: { false })
  }
}
