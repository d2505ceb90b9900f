#if TRELLIS_UIKIT_MIRROR
  import UIKitMirror
#elseif canImport(UIKit)
  import UIKit
#endif

#if TRELLIS_UIKIT_MIRROR || canImport(UIKit)
  import Foundation
  import Trellis

  // A sheet swiped down, as iOS apps let a person do: it goes when its screens hold nothing
  // unsaved, and otherwise asks whether to discard the changes or keep editing. The navigator
  // closes the sheet's screens as Back does (discarding their drafts).
  extension TrellisViewController: UIAdaptivePresentationControllerDelegate {
    public func presentationControllerShouldDismiss(
      _ presentationController: UIPresentationController
    ) -> Bool {
      guard let index = sheetIndex(of: presentationController) else { return false }
      return !holdsUnsavedChanges(fromStack: index)
    }

    public func presentationControllerDidAttemptToDismiss(
      _ presentationController: UIPresentationController
    ) {
      guard let index = sheetIndex(of: presentationController) else { return }
      // An alert, not an action sheet, which on iPad would need a place to point at.
      let alert = UIAlertController(
        title: nil, message: "Discard the changes on this screen?", preferredStyle: .alert)
      alert.addAction(
        UIAlertAction(title: "Discard Changes", style: .destructive) { [weak self] _ in
          self?.closeSheets(from: index, dismissed: false)
        })
      alert.addAction(UIAlertAction(title: "Keep Editing", style: .cancel))
      stacks[index].present(alert, animated: true)
    }

    public func presentationControllerDidDismiss(
      _ presentationController: UIPresentationController
    ) {
      guard let index = sheetIndex(of: presentationController) else { return }
      closeSheets(from: index, dismissed: true)
    }

    /// The index in ``stacks`` of the sheet `presentationController` presents.
    private func sheetIndex(of presentationController: UIPresentationController) -> Int? {
      guard let presented = presentationController.presentedViewController,
        let index = stacks.firstIndex(where: { $0 === presented }), index > 0
      else { return nil }
      return index
    }

    /// Whether a screen of the sheet at `index`, or of one above it, holds changes Done has
    /// not saved.
    private func holdsUnsavedChanges(fromStack index: Int) -> Bool {
      let plan = NavigationPlan(navigator)
      guard index < plan.stacks.count else { return false }
      return plan.stacks[index...].joined().contains { $0.draft?.hasChanges ?? false }
    }

    /// Closes the navigator's screens of the sheet at `index` and those above it, as Back does;
    /// `dismissed` when UIKit has taken the sheets away already.
    private func closeSheets(from index: Int, dismissed: Bool) {
      let plan = NavigationPlan(navigator)
      guard index < plan.stacks.count else { return }
      let screens = plan.stacks[index...].map(\.count).reduce(0, +)
      // UIKit has no sheet left to dismiss: the stacks forget them before the navigator
      // changes, and nothing follows it until it has closed them all.
      if dismissed { stacks.removeLast(stacks.count - index) }
      isFollowing = true
      for _ in 0..<screens {
        do { try navigator.handle(.back) } catch {
          onError?(error)
          break
        }
      }
      isFollowing = false
      follow()
    }
  }
#endif
