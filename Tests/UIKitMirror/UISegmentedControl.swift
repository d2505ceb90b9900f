import Foundation

/// Mirror of UIKit's `UISegmentedControl`.
@MainActor
open class UISegmentedControl: UIControl {
  /// The index that means no segment is selected.
  public static let noSegment = -1
  open var selectedSegmentIndex = UISegmentedControl.noSegment
  public private(set) var titles: [String] = []
  open var selectedSegmentTintColor: UIColor?

  public init(items: [Any]?) {
    titles = (items ?? []).map { "\($0)" }
    super.init(frame: .zero)
  }

  open var numberOfSegments: Int { titles.count }

  open func titleForSegment(at segment: Int) -> String? {
    titles.indices.contains(segment) ? titles[segment] : nil
  }
}
