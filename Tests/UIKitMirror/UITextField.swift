import Foundation

/// Mirror of UIKit's `UITextField`.
@MainActor
open class UITextField: UIControl {
  open var text: String?
  open var placeholder: String?
  open var isSecureTextEntry = false
  open var keyboardType = UIKeyboardType.default
  open var autocapitalizationType = UITextAutocapitalizationType.sentences
  open var autocorrectionType = UITextAutocorrectionType.default
  open var returnKeyType = UIReturnKeyType.default
  open var textAlignment = NSTextAlignment.natural
  open var textColor: UIColor?
  open var font: UIFont?
  open var borderStyle = BorderStyle.none
  /// The view shown above the keyboard while the field has it.
  open var inputAccessoryView: UIView?

  /// The border around the field.
  public enum BorderStyle: Int, Sendable {
    case none, line, bezel, roundedRect
  }

  open override var canBecomeFirstResponder: Bool { isEnabled }

  @discardableResult
  open override func becomeFirstResponder() -> Bool {
    let wasFirst = isFirstResponder
    guard super.becomeFirstResponder() else { return false }
    if !wasFirst { sendActions(for: .editingDidBegin) }
    return true
  }

  @discardableResult
  open override func resignFirstResponder() -> Bool {
    let wasFirst = isFirstResponder
    _ = super.resignFirstResponder()
    if wasFirst { sendActions(for: .editingDidEnd) }
    return true
  }
}
