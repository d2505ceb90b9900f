/// Where a visible screen is shown.
public enum ScreenPlacement: String, Hashable, Sendable {
  /// The main pane: the top of the stack, the list in master-detail mode.
  case main
  /// The detail pane beside the list, in master-detail mode.
  case detail
}

extension Navigator {
  /// The screens a host shows now, in order, with where each goes.
  ///
  /// The top of the stack always shows. The detail pane shows beside it only while the list is
  /// on top: a screen pushed from the detail takes the whole window until Back. Every host
  /// (web, terminal, UIKit) lays out the same screens from this.
  public var visibleScreens: [(placement: ScreenPlacement, screen: Screen)] {
    var result: [(placement: ScreenPlacement, screen: Screen)] = [(.main, top)]
    if let detail, stack.count == 1 {
      result.append((.detail, detail))
    }
    return result
  }
}
