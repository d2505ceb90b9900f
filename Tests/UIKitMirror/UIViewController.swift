import Foundation

/// Mirror of UIKit's `UIViewController`.
@MainActor
open class UIViewController: UIResponder {
  open var title: String?
  open var tabBarItem: UITabBarItem!
  public let navigationItem = UINavigationItem()
  open var modalPresentationStyle = UIModalPresentationStyle.automatic
  open var isModalInPresentation = false
  public private(set) var isEditing = false
  public private(set) var children: [UIViewController] = []
  public internal(set) weak var parent: UIViewController?
  public private(set) var presentedViewController: UIViewController?
  public private(set) weak var presentingViewController: UIViewController?
  private var loadedView: UIView?
  private var presentation: UIPresentationController?

  /// How the controller is (or will be) presented, made on first use as UIKit does.
  open var presentationController: UIPresentationController? {
    if let presentation { return presentation }
    let made = UIPresentationController(presentedViewController: self)
    presentation = made
    return made
  }

  public override init() { super.init() }

  public init(nibName nibNameOrNil: String?, bundle nibBundleOrNil: Bundle?) { super.init() }

  public required init?(coder: NSCoder) { return nil }

  /// The root view, loaded on first use.
  open var view: UIView! {
    get {
      if loadedView == nil {
        loadView()
        viewDidLoad()
      }
      return loadedView
    }
    set { loadedView = newValue }
  }

  open var isViewLoaded: Bool { loadedView != nil }

  open func loadView() { loadedView = UIView(frame: .zero) }
  open func viewDidLoad() {}
  open func viewWillAppear(_ animated: Bool) {}
  open func viewDidAppear(_ animated: Bool) {}
  open func viewWillDisappear(_ animated: Bool) {}

  open func setEditing(_ editing: Bool, animated: Bool) { isEditing = editing }

  /// A bar button that turns edit mode on and off.
  open var editButtonItem: UIBarButtonItem {
    UIBarButtonItem(
      systemItem: isEditing ? .done : .edit,
      primaryAction: UIAction { [weak self] _ in
        guard let self else { return }
        self.setEditing(!self.isEditing, animated: true)
      })
  }

  open var navigationController: UINavigationController? {
    var next = parent
    while let candidate = next {
      if let navigation = candidate as? UINavigationController { return navigation }
      next = candidate.parent
    }
    return nil
  }

  open var splitViewController: UISplitViewController? {
    var next = parent
    while let candidate = next {
      if let split = candidate as? UISplitViewController { return split }
      next = candidate.parent
    }
    return nil
  }

  open func addChild(_ childController: UIViewController) {
    childController.removeFromParent()
    children.append(childController)
    childController.parent = self
  }

  open func removeFromParent() {
    parent?.children.removeAll { $0 === self }
    parent = nil
  }

  open func didMove(toParent parent: UIViewController?) {}
  open func willMove(toParent parent: UIViewController?) {}

  open func present(
    _ viewControllerToPresent: UIViewController, animated flag: Bool,
    completion: (() -> Void)? = nil
  ) {
    presentedViewController = viewControllerToPresent
    viewControllerToPresent.presentingViewController = self
    _ = viewControllerToPresent.view
    completion?()
  }

  open func dismiss(animated flag: Bool, completion: (() -> Void)? = nil) {
    if let presented = presentedViewController {
      // The presented controller and every one it presented go.
      var next: UIViewController? = presented
      while let gone = next {
        next = gone.presentedViewController
        gone.presentingViewController?.presentedViewController = nil
        gone.presentingViewController = nil
      }
    } else if let presenting = presentingViewController {
      presenting.dismiss(animated: flag, completion: nil)
    }
    completion?()
  }
}

/// Mirror of UIKit's `UIModalPresentationStyle`.
public enum UIModalPresentationStyle: Int, Sendable {
  case fullScreen = 0
  case pageSheet, formSheet, currentContext, custom, overFullScreen
  case overCurrentContext, popover
  case none = -1
  case automatic = -2
}
