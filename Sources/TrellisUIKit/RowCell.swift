#if TRELLIS_UIKIT_MIRROR
  import UIKitMirror
#elseif canImport(UIKit)
  import UIKit
#endif

#if TRELLIS_UIKIT_MIRROR || canImport(UIKit)
  import Foundation
  import Trellis

  /// The cell of every row kind: it maps a ``CellContent`` to a list content configuration
  /// (text, detail or validation message, image), accessories and, in its accessory view, the
  /// row's native control; what a person enters comes back through ``onInput``.
  @MainActor
  final class RowCell: UITableViewCell, UITextViewDelegate {
    /// What the cell shows.
    private(set) var content: CellContent?
    /// Called with what a person entered in the control.
    var onInput: ((ControlInput) -> Void)?
    /// Called with the text a person typed in the cell's text field or view, and the text it
    /// showed when they began (``ScreenEvent/enter(_:_:over:)``); ``onInput`` when not set.
    var onTyped: ((_ text: String, _ over: String) -> Void)?
    /// The text the cell's text view showed when it was made.
    var textViewStart = ""
    /// Called with the wheel and the title's index a person chose on a picker in parts.
    var onWheel: ((_ wheel: Int, _ index: Int) -> Void)?
    /// The titles of a picker in parts, which its picker view reads.
    var wheels: PickerWheels?
    /// Called when Return is pressed in the cell's text field.
    var onReturn: (() -> Void)?
    /// The view that takes the keyboard, for a text row.
    var textInput: UIView?
    /// The control that fills the cell's content inside its margins instead of sitting in its
    /// accessory: an untitled text field, as the web's field fills its row, or a text view,
    /// under its title when it has one, as the web stacks it.
    private var fillingControl: UIView?
    /// The height of a text view under its title; `nil` when the control fills the margins.
    private var stackedHeight: CGFloat?

    /// Whether the row's control fills the cell: a text field (without a stepper) in a row
    /// with no title, which would otherwise leave the row's width empty beside it, or a text
    /// view, whose lines need the row's width.
    static func fillsRow(_ content: CellContent) -> Bool {
      switch content.control {
      case .textField(_, stepper: nil):
        return (content.text ?? "").isEmpty && content.imageName == nil
      case .textView: return true
      default: return false
      }
    }

    /// The height of a text view of at least `minimum` and at most `maximum` points (88 when
    /// neither is given, never under 44).
    static func textViewHeight(minimum: Double?, maximum: Double?) -> CGFloat {
      CGFloat(min(max(minimum ?? 88, 44), maximum ?? .greatestFiniteMagnitude))
    }

    /// How far a text view under a title is from the row's bottom, and the title's line above.
    static let stackedGap: CGFloat = 8
    static let stackedTitleHeight: CGFloat = 36

    /// The height of a row whose control is a text view: the title's line, when it has a
    /// title, above the text view, with a gap around it.
    static func textViewRowHeight(_ content: CellContent) -> CGFloat? {
      guard case .textView(_, let minimum, let maximum) = content.control else { return nil }
      let text = textViewHeight(minimum: minimum, maximum: maximum)
      return text + 2 * stackedGap + (Self.hasTitle(content) ? stackedTitleHeight : 0)
    }

    /// Whether the row shows a title (or an image) for a control to go under.
    static func hasTitle(_ content: CellContent) -> Bool {
      !(content.text ?? "").isEmpty || content.imageName != nil
    }

    override func layoutSubviews() {
      // Sized first, so that UIKit lays out the content beside the accessory's new width.
      layOutControl(in: bounds.width)
      super.layoutSubviews()
      let area = contentView.bounds.inset(by: contentView.layoutMargins)
      if let height = stackedHeight {
        fillingControl?.frame = CGRect(
          x: area.minX, y: contentView.bounds.maxY - Self.stackedGap - height, width: area.width,
          height: height)
      } else {
        fillingControl?.frame = area
      }
    }

    /// Shows `content`, replacing any control of an earlier row.
    func configure(_ content: CellContent) {
      self.content = content
      accessibilityIdentifier = "\(content.id)"
      if content.layout == .value2 {
        // UIKit's own value2 style draws the small tinted title and the detail beside it.
        contentConfiguration = nil
        showInStyleLabels(content)
      } else {
        contentConfiguration = Self.listContent(content)
      }
      accessoryType = Self.accessoryType(content.accessory)
      editingAccessoryType = Self.accessoryType(content.editingAccessory)
      selectionStyle = content.isSelectable ? .default : .none
      backgroundColor = content.appearance.backgroundColor.map(UIColor.init)
      if let image = content.appearance.backgroundImage, let picture = UIImage(named: image.name) {
        backgroundView = UIImageView(image: picture)
      } else {
        backgroundView = nil
      }
      textInput = nil
      fillingControl?.removeFromSuperview()
      fillingControl = nil
      stackedHeight = nil
      let control = makeControl(content.control, enabled: content.isEnabled)
      if Self.fillsRow(content), let control {
        accessoryView = nil
        switch content.control {
        case .textField(let entry, _):
          // Filling the row, it starts where a title would.
          (control as? UITextField)?.textAlignment = Self.alignment(entry.alignment ?? .natural)
        case .textView(_, let minimum, let maximum) where Self.hasTitle(content):
          stackedHeight = Self.textViewHeight(minimum: minimum, maximum: maximum)
        default: break
        }
        contentView.addSubview(control)
        fillingControl = control
        setNeedsLayout()
      } else if let control, Self.laysOutControl(content) {
        // Beside the title where the theme places it, a field's text starts at its start.
        if case .textField(let entry, nil) = content.control {
          (control as? UITextField)?.textAlignment = Self.alignment(entry.alignment ?? .natural)
        }
        accessoryView = Self.controlHolder(control)
        setNeedsLayout()
      } else {
        accessoryView = control
      }
      if let tint = content.appearance.tintColor {
        (fillingControl ?? accessoryControl)?.tintColor = UIColor(tint)
      }
      applyTints(content.appearance)
      selectedBackgroundView = Self.selectedBackground(content.appearance)
    }

    /// The fonts and colours of the style's labels as UIKit made them, which a reused cell
    /// goes back to before the next row's theme (or validation colour) applies.
    private var styleLabelDefaults:
      (font: UIFont?, color: UIColor?, detailFont: UIFont?, detailColor: UIColor?)?

    /// The texts in the labels of the cell's own style (value2), themed like a list content.
    private func showInStyleLabels(_ content: CellContent) {
      let look = content.appearance
      let defaults =
        styleLabelDefaults
        ?? (
          textLabel?.font, textLabel?.textColor, detailTextLabel?.font, detailTextLabel?.textColor
        )
      styleLabelDefaults = defaults
      textLabel?.font = defaults.font
      textLabel?.textColor = defaults.color
      detailTextLabel?.font = defaults.detailFont
      detailTextLabel?.textColor = defaults.detailColor
      textLabel?.text = content.text
      detailTextLabel?.text = content.validationMessage ?? content.secondaryText
      if let font = look.font { textLabel?.font = .themed(font) }
      if let font = look.detailFont { detailTextLabel?.font = .themed(font) }
      if let color = look.textColor { textLabel?.textColor = UIColor(color) }
      if let color = look.detailTextColor { detailTextLabel?.textColor = UIColor(color) }
      if content.validationMessage != nil { detailTextLabel?.textColor = .systemRed }
    }

    /// The view behind the cell while it is selected: the theme's image, else its colour.
    static func selectedBackground(_ look: CellAppearance) -> UIView? {
      if let image = look.selectedBackgroundImage, let picture = UIImage(named: image.name) {
        return UIImageView(image: picture)
      }
      guard let color = look.selectedBackgroundColor else { return nil }
      let view = UIView(frame: .zero)
      view.backgroundColor = UIColor(color)
      return view
    }

    /// Text, secondary text (the validation message, in red, when there is one) and image;
    /// above a text view, in the title's line, clear of the text view.
    static func listContent(_ content: CellContent) -> UIListContentConfiguration {
      var list: UIListContentConfiguration
      switch content.layout {
      case .subtitle: list = .subtitleCell()
      case .default: list = .cell()
      case .value1, .value2: list = .valueCell()
      }
      if case .textView(_, let minimum, let maximum) = content.control, hasTitle(content) {
        list.directionalLayoutMargins.bottom =
          textViewHeight(minimum: minimum, maximum: maximum) + 2 * stackedGap
      }
      list.text = content.text
      list.secondaryText = content.validationMessage ?? content.secondaryText
      if let name = content.imageName { list.image = UIImage(named: name) }
      let look = content.appearance
      if let font = look.font { list.textProperties.font = .themed(font) }
      if let font = look.detailFont { list.secondaryTextProperties.font = .themed(font) }
      if let color = look.textColor { list.textProperties.color = UIColor(color) }
      if let color = look.detailTextColor { list.secondaryTextProperties.color = UIColor(color) }
      switch look.textAlignment {
      case .center: list.textProperties.alignment = .center
      case .justified: list.textProperties.alignment = .justified
      default: break
      }
      if !content.isEnabled { list.textProperties.color = .secondaryLabel }
      if content.validationMessage != nil { list.secondaryTextProperties.color = .systemRed }
      return list
    }

    static func accessoryType(_ accessory: Accessory) -> UITableViewCell.AccessoryType {
      switch accessory {
      case .none: .none
      case .disclosureIndicator: .disclosureIndicator
      case .detailDisclosureButton: .detailDisclosureButton
      case .checkmark: .checkmark
      case .detailButton: .detailButton
      }
    }

    /// Makes the text input take the keyboard; whether it did.
    @discardableResult
    func focus() -> Bool {
      textInput?.becomeFirstResponder() ?? false
    }

    // MARK: UITextViewDelegate

    func textViewDidEndEditing(_ textView: UITextView) {
      typed(textView.text ?? "", over: textViewStart)
    }

    /// Enters typed text, with what the field showed when typing began.
    func typed(_ text: String, over start: String) {
      if let onTyped { onTyped(text, start) } else { onInput?(.text(text)) }
    }
  }
#endif
