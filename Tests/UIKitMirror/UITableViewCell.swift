import Foundation

/// Mirror of UIKit's `UITableViewCell`.
@MainActor
open class UITableViewCell: UIView {
  public let reuseIdentifier: String?
  public let style: CellStyle
  public let contentView = UIView(frame: .zero)
  open var contentConfiguration: (any UIContentConfiguration)?
  open var accessoryType = AccessoryType.none
  open var editingAccessoryType = AccessoryType.none
  open var accessoryView: UIView? {
    didSet {
      oldValue?.removeFromSuperview()
      if let accessoryView { addSubview(accessoryView) }
    }
  }
  open var selectionStyle = SelectionStyle.default
  open var backgroundView: UIView?
  open var selectedBackgroundView: UIView?
  /// The title label of the cell's style, made with the cell.
  open var textLabel: UILabel? { styleText }
  /// The detail label of the cell's style; none in the default style.
  open var detailTextLabel: UILabel? { style == .default ? nil : styleDetail }
  private let styleText = UILabel(frame: .zero)
  private let styleDetail = UILabel(frame: .zero)
  /// How many times the cell was configured for a row (mirror only): reuse counts.
  public internal(set) var prepareForReuseCount = 0

  public init(style: CellStyle, reuseIdentifier: String?) {
    self.style = style
    self.reuseIdentifier = reuseIdentifier
    super.init(frame: .zero)
    addSubview(contentView)
  }

  open func prepareForReuse() { prepareForReuseCount += 1 }

  /// Mirror of `UITableViewCell.CellStyle`.
  public enum CellStyle: Int, Sendable {
    case `default`, value1, value2, subtitle
  }

  /// Mirror of `UITableViewCell.AccessoryType`.
  public enum AccessoryType: Int, Sendable {
    case none, disclosureIndicator, detailDisclosureButton, checkmark, detailButton
  }

  /// Mirror of `UITableViewCell.SelectionStyle`.
  public enum SelectionStyle: Int, Sendable {
    case none, blue, gray, `default`
  }

  /// Mirror of `UITableViewCell.EditingStyle`.
  public enum EditingStyle: Int, Sendable {
    case none, delete, insert
  }

  /// Mirror of `UITableViewCell.SeparatorStyle`.
  public enum SeparatorStyle: Int, Sendable {
    case none, singleLine
  }
}
