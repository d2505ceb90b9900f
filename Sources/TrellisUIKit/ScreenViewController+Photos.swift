#if TRELLIS_UIKIT_MIRROR
  import UIKitMirror
#elseif canImport(UIKit)
  import UIKit
  import PhotosUI
#endif

#if TRELLIS_UIKIT_MIRROR || canImport(UIKit)
  import Foundation
  import Trellis

  // Image rows: the photo picker, and the picked image stored as a file the row names.
  extension ScreenViewController: PHPickerViewControllerDelegate {
    /// Shows the photo picker for `row`.
    func pickImage(for row: RowSnapshot) {
      var configuration = PHPickerConfiguration()
      configuration.filter = .images
      configuration.selectionLimit = 1
      let picker = PHPickerViewController(configuration: configuration)
      picker.delegate = self
      pickingRow = row
      present(picker, animated: true)
    }

    public func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult])
    {
      picker.dismiss(animated: true)
      guard let row = pickingRow, let provider = results.first?.itemProvider else { return }
      pickingRow = nil
      let (stream, continuation) = AsyncStream.makeStream(of: Data?.self)
      provider.loadDataRepresentation(forTypeIdentifier: "public.image") { data, _ in
        continuation.yield(data)
        continuation.finish()
      }
      imageStorage = Task { @MainActor [weak self] in
        for await data in stream {
          guard let self, let data, let path = Self.store(data) else { return }
          self.adapter?.enter(.text(path), into: row)
        }
      }
    }

    /// Writes a picked image into the app's documents; its path, or `nil` when it could not be
    /// written.
    static func store(_ data: Data) -> String? {
      guard
        let folder = FileManager.default.urls(for: .documentDirectory, in: .userDomainMask).first
      else { return nil }
      let file = folder.appendingPathComponent("Trellis-\(UUID().uuidString).image")
      do {
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        try data.write(to: file, options: .atomic)
      } catch { return nil }
      return file.path
    }
  }
#endif
