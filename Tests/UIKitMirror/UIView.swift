import Foundation

/// Mirror of UIKit's `UIView`: a rectangle that holds other views.
@MainActor
open class UIView: UIResponder {
  open var frame: CGRect
  open var backgroundColor: UIColor?
  open var tintColor: UIColor!
  open var isHidden = false
  open var isUserInteractionEnabled = true
  open var accessibilityIdentifier: String?
  open var accessibilityLabel: String?
  public private(set) var subviews: [UIView] = []
  public private(set) weak var superview: UIView?

  public init(frame: CGRect) {
    self.frame = frame
    super.init()
  }

  public override convenience init() { self.init(frame: .zero) }

  open func addSubview(_ view: UIView) {
    view.removeFromSuperview()
    subviews.append(view)
    view.superview = self
  }

  open func removeFromSuperview() {
    superview?.subviews.removeAll { $0 === self }
    superview = nil
  }

  /// Makes the view, or the view inside it that has the keyboard, give it up.
  @discardableResult
  open func endEditing(_ force: Bool) -> Bool {
    if let current = UIResponder.current as? UIView, current.isDescendant(of: self) {
      return current.resignFirstResponder()
    }
    return true
  }

  open func isDescendant(of view: UIView) -> Bool {
    var next: UIView? = self
    while let candidate = next {
      if candidate === view { return true }
      next = candidate.superview
    }
    return false
  }
}
