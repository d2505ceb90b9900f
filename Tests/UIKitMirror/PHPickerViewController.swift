import Foundation

/// Mirror of PhotosUI's `PHPickerFilter`.
public struct PHPickerFilter: Sendable, Hashable {
  let name: String
  public static let images = PHPickerFilter(name: "images")
}

/// Mirror of PhotosUI's `PHPickerConfiguration`.
public struct PHPickerConfiguration: Sendable {
  public var filter: PHPickerFilter?
  public var selectionLimit = 1
  public init() {}
}

/// Mirror of PhotosUI's `PHPickerResult`: the item a person picked.
public struct PHPickerResult {
  public let itemProvider: NSItemProvider
  /// A picked image with `data` (mirror only).
  public init(data: Data) {
    #if canImport(Darwin)
      itemProvider = NSItemProvider(item: data as NSData, typeIdentifier: "public.image")
    #else
      itemProvider = NSItemProvider(data: data)
    #endif
  }
}

/// Mirror of PhotosUI's `PHPickerViewControllerDelegate`.
@MainActor
public protocol PHPickerViewControllerDelegate: AnyObject {
  func picker(_ picker: PHPickerViewController, didFinishPicking results: [PHPickerResult])
}

/// Mirror of PhotosUI's `PHPickerViewController`.
@MainActor
open class PHPickerViewController: UIViewController {
  public let configuration: PHPickerConfiguration
  open weak var delegate: (any PHPickerViewControllerDelegate)?

  public required init?(coder: NSCoder) { return nil }

  public init(configuration: PHPickerConfiguration) {
    self.configuration = configuration
    super.init()
  }

  /// Picks `results` and closes, as a person does (mirror only).
  public func pick(_ results: [PHPickerResult]) {
    delegate?.picker(self, didFinishPicking: results)
  }
}
