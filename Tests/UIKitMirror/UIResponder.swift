import Foundation

/// Mirror of UIKit's `UIResponder`: an object that can take the keyboard.
@MainActor
open class UIResponder: NSObject {
  /// The responder that has the keyboard in the mirror, at most one at a time.
  public private(set) static weak var current: UIResponder?

  public override init() { super.init() }

  /// Whether this responder has the keyboard.
  open var isFirstResponder: Bool { Self.current === self }

  /// Whether this responder can take the keyboard.
  open var canBecomeFirstResponder: Bool { false }

  /// Takes the keyboard when the responder can.
  @discardableResult
  open func becomeFirstResponder() -> Bool {
    guard canBecomeFirstResponder else { return false }
    if let other = Self.current, other !== self { _ = other.resignFirstResponder() }
    Self.current = self
    return true
  }

  /// Gives up the keyboard.
  @discardableResult
  open func resignFirstResponder() -> Bool {
    if Self.current === self { Self.current = nil }
    return true
  }
}
