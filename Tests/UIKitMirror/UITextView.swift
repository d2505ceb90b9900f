import Foundation

/// Mirror of UIKit's `UITextViewDelegate`.
@MainActor
public protocol UITextViewDelegate: NSObjectProtocol {
  func textViewDidEndEditing(_ textView: UITextView)
}

extension UITextViewDelegate {
  public func textViewDidEndEditing(_ textView: UITextView) {}
}

/// Mirror of UIKit's `UITextView`: multi-line text entry.
@MainActor
open class UITextView: UIScrollView {
  open var text: String! = ""
  open var isEditable = true
  open var isScrollEnabled = true
  open var font: UIFont?
  open var textColor: UIColor?
  open var textAlignment = NSTextAlignment.natural
  open var autocapitalizationType = UITextAutocapitalizationType.sentences
  open var autocorrectionType = UITextAutocorrectionType.default
  open weak var delegate: (any UITextViewDelegate)?

  open override var canBecomeFirstResponder: Bool { isEditable }

  @discardableResult
  open override func resignFirstResponder() -> Bool {
    let wasFirst = isFirstResponder
    _ = super.resignFirstResponder()
    if wasFirst { delegate?.textViewDidEndEditing(self) }
    return true
  }
}
