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
  /// The space inside the view's edges that its content keeps clear of.
  open var layoutMargins = UIEdgeInsets(top: 8, left: 16, bottom: 8, right: 16)
  public private(set) var subviews: [UIView] = []
  /// How many times the view was asked to lay out again (mirror only).
  public private(set) var needsLayoutCount = 0

  /// The view's own rectangle: its frame's size at the origin.
  open var bounds: CGRect { CGRect(origin: .zero, size: frame.size) }
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

  /// Lays out the subviews; the mirror's views stay where their frames put them.
  open func layoutSubviews() {}

  /// Marks the view as needing layout (mirror only counts it).
  open func setNeedsLayout() { needsLayoutCount += 1 }

  /// Lays out the subviews now when they need it (the mirror's views are laid out already).
  open func layoutIfNeeded() {}

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

/// Mirror of UIKit's `UIEdgeInsets`.
public struct UIEdgeInsets: Equatable, Sendable {
  public var top: CGFloat
  public var left: CGFloat
  public var bottom: CGFloat
  public var right: CGFloat

  public init(top: CGFloat, left: CGFloat, bottom: CGFloat, right: CGFloat) {
    self.top = top
    self.left = left
    self.bottom = bottom
    self.right = right
  }
}

extension CGRect {
  /// Mirror of UIKit's `CGRect.inset(by:)`.
  public func inset(by insets: UIEdgeInsets) -> CGRect {
    CGRect(
      x: origin.x + insets.left, y: origin.y + insets.top,
      width: size.width - insets.left - insets.right,
      height: size.height - insets.top - insets.bottom)
  }
}

/// Mirror of UIKit's `NSDirectionalEdgeInsets`.
public struct NSDirectionalEdgeInsets: Hashable, Sendable {
  public var top: CGFloat
  public var leading: CGFloat
  public var bottom: CGFloat
  public var trailing: CGFloat

  public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
    self.top = top
    self.leading = leading
    self.bottom = bottom
    self.trailing = trailing
  }
}
