import Foundation

/// Mirror of UIKit's `UIToolbar`: a bar of buttons, here one shown above a keyboard.
@MainActor
open class UIToolbar: UIView {
  open var items: [UIBarButtonItem]?

  /// Takes the height of a toolbar, keeping its width.
  open func sizeToFit() { frame.size.height = 44 }

  /// The button titled `title`, or made as `systemItem` (mirror only).
  public func item(titled title: String) -> UIBarButtonItem? {
    items?.first { $0.title == title }
  }
}
