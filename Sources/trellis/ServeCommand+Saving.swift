import ArgumentParser
import Foundation
import Trellis
import TrellisDescriptors

extension ServeCommand {
  /// `library`, with its descriptors' `save` rows writing the data file, as `trellis edit`'s
  /// do, when `--data` names a local file that `root` was read from.
  ///
  /// Every window edits the one shared root object, so a save from any window writes every
  /// window's edits. Saves are one at a time, and each is atomic (a temporary file renamed
  /// over the data file), so no reader ever sees half a file. Without a local data file
  /// (none, an address, an SQLite file or a Settings bundle), `save` rows stay disabled.
  func savingData(to library: DescriptorLibrary, root: any KeyValueCoding) throws
    -> DescriptorLibrary
  {
    guard let path = inputs.data, !DescriptorFiles.isWebAddress(path),
      !DescriptorFiles.isSettingsBundle(inputs.descriptor),
      let object = root as? DocumentObject
    else { return library }
    let file: DocumentFile
    do { file = try DocumentFile(contentsOf: URL(fileURLWithPath: path)) } catch {
      CommandOutput.error(error.description)
      throw ExitCode(1)
    }
    // Sound: the web host runs a row's action on the app's one serial domain, where the
    // root object is read and edited; the lock keeps one writer of the file.
    let saving = UncheckedLocked((file: file, object: object))
    var library = library
    library.onSave = { _ in
      try saving.withLock { state in
        // Another program's changes to the file, merged in, show in every window. A value
        // the format lacks (a date entered over an emptied JSON string) is written as text.
        try state.file.save(state.object, options: .init(conversion: .writeAsStrings))
      }
    }
    return library
  }
}
