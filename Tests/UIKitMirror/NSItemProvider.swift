import Foundation

#if !canImport(Darwin)
  /// Mirror of Foundation's `NSItemProvider`, which Foundation has only on Apple platforms.
  open class NSItemProvider: NSObject, @unchecked Sendable {
    let data: Data?

    init(data: Data?) {
      self.data = data
      super.init()
    }

    public func hasItemConformingToTypeIdentifier(_ typeIdentifier: String) -> Bool {
      data != nil
    }

    /// Loads the item's data, calling `completionHandler` (at once, in the mirror).
    @discardableResult
    public func loadDataRepresentation(
      forTypeIdentifier typeIdentifier: String,
      completionHandler: @escaping @Sendable (Data?, (any Error)?) -> Void
    ) -> Progress {
      completionHandler(data, nil)
      return Progress(totalUnitCount: 1)
    }
  }
#endif
