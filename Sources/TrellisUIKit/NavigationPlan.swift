import Trellis

/// Which screens UIKit shows, and how: computed from a navigator on every platform, so the
/// controllers only follow it.
///
/// The navigator's stack splits into navigation stacks at each modal screen: the first stack
/// is the window's (or the split view's list column), and each later one is presented as a
/// sheet over the one before, in its own navigation controller. In master-detail mode the
/// detail pane shows the navigator's detail screen while the list is on top
/// (``Trellis/Navigator/visibleScreens``).
public struct NavigationPlan {
  /// The navigation stacks, bottom first: the window's, then each sheet's.
  public var stacks: [[Screen]]
  /// The screen in the detail column, in master-detail mode.
  public var detail: Screen?
  /// Whether the screens show in a split view: the navigator is master-detail.
  public var isSplit: Bool

  /// The plan for what `navigator` shows now.
  public init(_ navigator: Navigator) {
    var stacks: [[Screen]] = []
    for screen in navigator.stack {
      if stacks.isEmpty || screen.presentation == .modal {
        stacks.append([screen])
      } else {
        stacks[stacks.count - 1].append(screen)
      }
    }
    self.stacks = stacks
    detail = navigator.visibleScreens.first { $0.placement == .detail }?.screen
    isSplit = navigator.isMasterDetail
  }

  /// Whether the screen `screen` is shown in the detail column.
  public func isDetail(_ screen: Screen) -> Bool { detail === screen }

  /// How many screens UIKit popped when a navigation stack shows `shownCount` screens after
  /// Back: the events ``ScreenEvent/back`` the navigator must get for the stack at `index`.
  public func backCount(stack index: Int, shownCount: Int) -> Int {
    guard stacks.indices.contains(index) else { return 0 }
    return max(stacks[index].count - shownCount, 0)
  }
}
