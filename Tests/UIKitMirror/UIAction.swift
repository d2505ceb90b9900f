import Foundation

/// Mirror of UIKit's `UIActionHandler`.
public typealias UIActionHandler = @MainActor (UIAction) -> Void

/// Mirror of UIKit's `UIAction`: a closure a control or bar button runs.
@MainActor
open class UIAction: NSObject {
  open var title: String
  open var image: UIImage?
  let handler: UIActionHandler

  public init(title: String = "", image: UIImage? = nil, handler: @escaping UIActionHandler) {
    self.title = title
    self.image = image
    self.handler = handler
    super.init()
  }
}
