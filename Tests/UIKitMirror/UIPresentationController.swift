import Foundation

/// Mirror of UIKit's `UIPresentationController`: how a presented controller is shown, and
/// whom it asks before a person's swipe takes it away.
@MainActor
open class UIPresentationController: NSObject {
  /// The controller presented.
  public private(set) weak var presentedViewController: UIViewController?
  /// Asked before, and told after, a person's swipe dismisses the presented controller.
  open weak var delegate: (any UIAdaptivePresentationControllerDelegate)?

  init(presentedViewController: UIViewController) {
    self.presentedViewController = presentedViewController
    super.init()
  }
}

/// Mirror of UIKit's `UIAdaptivePresentationControllerDelegate` (the dismissal part).
@MainActor
public protocol UIAdaptivePresentationControllerDelegate: NSObjectProtocol {
  func presentationControllerShouldDismiss(_ presentationController: UIPresentationController)
    -> Bool
  func presentationControllerDidAttemptToDismiss(
    _ presentationController: UIPresentationController)
  func presentationControllerWillDismiss(_ presentationController: UIPresentationController)
  func presentationControllerDidDismiss(_ presentationController: UIPresentationController)
}

extension UIAdaptivePresentationControllerDelegate {
  public func presentationControllerShouldDismiss(
    _ presentationController: UIPresentationController
  ) -> Bool { true }
  public func presentationControllerDidAttemptToDismiss(
    _ presentationController: UIPresentationController
  ) {}
  public func presentationControllerWillDismiss(
    _ presentationController: UIPresentationController
  ) {}
  public func presentationControllerDidDismiss(
    _ presentationController: UIPresentationController
  ) {}
}

extension UIViewController {
  /// A person swipes the presented controller down, as UIKit handles it: a controller modal
  /// in presentation, or whose delegate says not to, stays and its delegate hears of the
  /// attempt; otherwise it is dismissed and its delegate told (mirror only).
  public func swipeDown() {
    guard let presenting = presentingViewController, let controller = presentationController
    else { return }
    let delegate = controller.delegate
    if isModalInPresentation || delegate?.presentationControllerShouldDismiss(controller) == false {
      delegate?.presentationControllerDidAttemptToDismiss(controller)
      return
    }
    delegate?.presentationControllerWillDismiss(controller)
    presenting.dismiss(animated: true)
    delegate?.presentationControllerDidDismiss(controller)
  }
}
