/// Which buttons a screen's navigation bar has: STV's navigation bar types.
public enum NavigationBarType: String, Hashable, Sendable, CaseIterable, Codable {
  /// Chosen by the framework: Done and Cancel for detail screens that edit, none otherwise.
  case auto
  /// No buttons (a Back button still appears on pushed screens).
  case none
  case addLeft
  case addRight
  case editLeft
  case editRight
  case addRightEditLeft
  case addLeftEditRight
  case doneLeft
  case doneRight
  case doneLeftCancelRight
  case doneRightCancelLeft
  case addEditRight

  /// The buttons, each with its side.
  public var buttons: [BarButton] {
    switch self {
    case .auto, .none: []
    case .addLeft: [BarButton(.add, .left)]
    case .addRight: [BarButton(.add, .right)]
    case .editLeft: [BarButton(.edit, .left)]
    case .editRight: [BarButton(.edit, .right)]
    case .addRightEditLeft: [BarButton(.edit, .left), BarButton(.add, .right)]
    case .addLeftEditRight: [BarButton(.add, .left), BarButton(.edit, .right)]
    case .doneLeft: [BarButton(.done, .left)]
    case .doneRight: [BarButton(.done, .right)]
    case .doneLeftCancelRight: [BarButton(.done, .left), BarButton(.cancel, .right)]
    case .doneRightCancelLeft: [BarButton(.cancel, .left), BarButton(.done, .right)]
    case .addEditRight: [BarButton(.add, .right), BarButton(.edit, .right)]
    }
  }
}

/// A navigation bar button.
public struct BarButton: Hashable, Sendable {
  /// What the button does.
  public enum Role: String, Hashable, Sendable, Codable {
    case add, edit, done, cancel
    /// Resolves a conflict by taking the other person's values (``ScreenEvent/takeTheirs``).
    case takeTheirs
  }

  /// Which side of the bar it sits on.
  public enum Side: String, Hashable, Sendable, Codable {
    case left, right
  }

  public var role: Role
  public var side: Side

  /// Creates a button.
  public init(_ role: Role, _ side: Side) {
    self.role = role
    self.side = side
  }
}
