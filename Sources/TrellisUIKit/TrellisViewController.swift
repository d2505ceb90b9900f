#if TRELLIS_UIKIT_MIRROR
  import UIKitMirror
#elseif canImport(UIKit)
  import UIKit
#endif

#if TRELLIS_UIKIT_MIRROR || canImport(UIKit)
  import Foundation
  import Trellis

  /// A whole Trellis app in one controller: the navigator's screens in a navigation
  /// controller, modal screens as sheets, and master-detail in a split view.
  ///
  /// ```swift
  /// window.rootViewController = TrellisViewController(navigator: navigator)
  /// ```
  ///
  /// It follows the navigator: whenever its stack or detail pane changes, the navigation
  /// stacks are brought to the ``NavigationPlan``, reusing the ``ScreenViewController`` of
  /// every screen still shown. A person's Back pops the navigator's screen too.
  @MainActor
  public final class TrellisViewController: UIViewController, UINavigationControllerDelegate {
    /// The navigator whose screens are shown.
    public let navigator: Navigator
    /// Called when the core refuses an event; by default each screen shows an alert.
    public var onError: ((ScreenError) -> Void)?
    /// The cells of custom rows, by template name, for every screen.
    public var templates: [String: (UITableView, IndexPath, RowSnapshot) -> UITableViewCell] =
      [:]
    /// Opens the address a link row asks for; by default in the system's browser.
    public var openURL: (URL) -> Void = { url in UIApplication.shared.open(url) }
    /// The navigation controllers shown: the window's (or the split view's list column), then
    /// each sheet presented over the one before.
    public internal(set) var stacks: [UINavigationController] = []
    /// The split view, in master-detail mode.
    public private(set) var split: UISplitViewController?
    /// The detail column's navigation controller, in master-detail mode.
    public private(set) var detailStack: UINavigationController?

    private var controllers: [ObjectIdentifier: ScreenViewController] = [:]
    private var observation: ObservationToken?
    /// Whether the stacks are being brought to the navigator (a change it makes meanwhile
    /// is followed once that is done).
    var isFollowing = false
    /// The navigator's open requests already carried out: an address opened twice in a row
    /// is opened twice.
    private var openRequests: Int

    /// Shows `navigator`'s screens.
    public init(navigator: Navigator) {
      self.navigator = navigator
      openRequests = navigator.openRequests
      super.init(nibName: nil, bundle: nil)
    }

    @available(*, unavailable)
    required init?(coder: NSCoder) { return nil }

    public override func viewDidLoad() {
      super.viewDidLoad()
      let main = UINavigationController(rootViewController: controller(for: navigator.stack[0]))
      main.delegate = self
      stacks = [main]
      if navigator.isMasterDetail {
        let split = UISplitViewController(style: .doubleColumn)
        split.preferredDisplayMode = .oneBesideSecondary
        split.setViewController(main, for: .primary)
        let detail = UINavigationController(rootViewController: UIViewController())
        detail.delegate = self
        split.setViewController(detail, for: .secondary)
        embed(split)
        self.split = split
        detailStack = detail
      } else {
        embed(main)
      }
      observation = navigator.observe { [weak self] in self?.follow() }
      follow()
    }

    private func embed(_ child: UIViewController) {
      addChild(child)
      view.addSubview(child.view)
      child.didMove(toParent: self)
    }

    /// The controller of `screen`, made on first use.
    public func controller(for screen: Screen, isDetail: Bool = false) -> ScreenViewController {
      if let known = controllers[ObjectIdentifier(screen)], known.isDetail == isDetail {
        return known
      }
      let made = ScreenViewController(screen: screen, navigator: navigator, isDetail: isDetail)
      made.templates = templates
      made.onError = onError
      controllers[ObjectIdentifier(screen)] = made
      return made
    }

    /// Brings the navigation stacks, sheets and detail column to the navigator's state.
    func follow() {
      guard !isFollowing, !stacks.isEmpty else { return }
      isFollowing = true
      defer { isFollowing = false }
      let plan = NavigationPlan(navigator)
      for (index, screens) in plan.stacks.enumerated() {
        let wanted = screens.map { controller(for: $0) }
        if index < stacks.count {
          let stack = stacks[index]
          if !Self.same(stack.viewControllers, wanted) {
            stack.setViewControllers(wanted, animated: true)
          }
        } else {
          let sheet = UINavigationController(rootViewController: wanted[0])
          sheet.setViewControllers(wanted, animated: false)
          sheet.delegate = self
          // Swiped down, a sheet goes when it holds no unsaved changes, and asks first when it
          // does (``presentationControllerShouldDismiss(_:)``).
          sheet.presentationController?.delegate = self
          stacks[index - 1].present(sheet, animated: true)
          stacks.append(sheet)
        }
      }
      if stacks.count > plan.stacks.count {
        // One dismiss, from under the lowest sheet that goes, closes it and every sheet above
        // it: UIKit ignores a second dismiss while the first is animating.
        let lowest = stacks[plan.stacks.count]
        stacks.removeLast(stacks.count - plan.stacks.count)
        lowest.presentingViewController?.dismiss(animated: true)
      }
      if let detailStack {
        let shown: UIViewController =
          plan.detail.map { controller(for: $0, isDetail: true) } ?? UIViewController()
        if detailStack.viewControllers.first !== shown {
          detailStack.setViewControllers([shown], animated: false)
          if plan.detail != nil { split?.show(.secondary) }
        }
      }
      let shown = Set(
        plan.stacks.joined().map(ObjectIdentifier.init)
          + [plan.detail].compactMap { $0 }.map(ObjectIdentifier.init))
      controllers = controllers.filter { shown.contains($0.key) }
      if navigator.openRequests != openRequests {
        openRequests = navigator.openRequests
        if let address = navigator.openedURL, let url = URL(string: address) { openURL(url) }
      }
    }

    private static func same(_ shown: [UIViewController], _ wanted: [UIViewController]) -> Bool {
      shown.count == wanted.count && zip(shown, wanted).allSatisfy { $0 === $1 }
    }

    // MARK: UINavigationControllerDelegate

    /// A person's Back: the navigator goes back as many screens as UIKit popped.
    public func navigationController(
      _ navigationController: UINavigationController, didShow viewController: UIViewController,
      animated: Bool
    ) {
      guard !isFollowing, let index = stacks.firstIndex(where: { $0 === navigationController })
      else { return }
      let plan = NavigationPlan(navigator)
      let pops = plan.backCount(
        stack: index, shownCount: navigationController.viewControllers.count)
      for _ in 0..<pops {
        do { try navigator.handle(.back) } catch {
          onError?(error)
          break
        }
      }
      follow()
    }
  }
#endif
