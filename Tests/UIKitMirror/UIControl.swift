import Foundation

/// Mirror of UIKit's `UIControl`: a view that reports what a person does with it as events.
@MainActor
open class UIControl: UIView {
  open var isEnabled = true
  private var actions: [(action: UIAction, events: Event)] = []

  /// The events a control reports.
  public struct Event: OptionSet, Sendable, Hashable {
    public let rawValue: UInt
    public init(rawValue: UInt) { self.rawValue = rawValue }
    public static let touchUpInside = Event(rawValue: 1 << 6)
    public static let valueChanged = Event(rawValue: 1 << 12)
    public static let primaryActionTriggered = Event(rawValue: 1 << 13)
    public static let editingDidBegin = Event(rawValue: 1 << 16)
    public static let editingChanged = Event(rawValue: 1 << 17)
    public static let editingDidEnd = Event(rawValue: 1 << 18)
    public static let editingDidEndOnExit = Event(rawValue: 1 << 19)
  }

  open func addAction(_ action: UIAction, for controlEvents: Event) {
    actions.append((action, controlEvents))
  }

  open func removeAction(_ action: UIAction, for controlEvents: Event) {
    actions.removeAll { $0.action === action }
  }

  /// Runs the actions registered for `events`, as UIKit does when a person uses the control.
  open func sendActions(for controlEvents: Event) {
    for entry in actions where !entry.events.isDisjoint(with: controlEvents) {
      entry.action.handler(entry.action)
    }
  }
}
