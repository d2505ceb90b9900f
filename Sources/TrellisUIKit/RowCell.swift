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
    /// Called with the wheel and the title's index a person chose on a picker in parts.
    var onWheel: ((_ wheel: Int, _ index: Int) -> Void)?
    /// The titles of a picker in parts, which its picker view reads.
    var wheels: PickerWheels?
    /// Called when Return is pressed in the cell's text field.
    var onReturn: (() -> Void)?
    /// The view that takes the keyboard, for a text row.
    var textInput: UIView?
    /// The control that fills the cell's content inside its margins instead of sitting in its
    /// accessory: an untitled text field, as the web's field fills its row.
    private var fillingControl: UIView?

    /// Whether the row's control fills the cell: a text field (without a stepper) in a row
    /// with no title, which would otherwise leave the row's width empty beside it.
    static func fillsRow(_ content: CellContent) -> Bool {
      guard case .textField(_, stepper: nil) = content.control else { return false }
      return (content.text ?? "").isEmpty && content.imageName == nil
    }

    override func layoutSubviews() {
      super.layoutSubviews()
      fillingControl?.frame = contentView.bounds.inset(by: contentView.layoutMargins)
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
      let control = makeControl(content.control, enabled: content.isEnabled)
      if Self.fillsRow(content), case .textField(let entry, _) = content.control,
        let field = control as? UITextField
      {
        accessoryView = nil
        // Filling the row, it starts where a title would.
        field.textAlignment = Self.alignment(entry.alignment ?? .natural)
        contentView.addSubview(field)
        fillingControl = field
        setNeedsLayout()
      } else {
        accessoryView = control
      }
      if let tint = content.appearance.tintColor {
        (fillingControl ?? accessoryView)?.tintColor = UIColor(tint)
      }
      applyTints(content.appearance)
      selectedBackgroundView = Self.selectedBackground(content.appearance)
    }

    /// The texts in the labels of the cell's own style (value2), themed like a list content.
    private func showInStyleLabels(_ content: CellContent) {
      let look = content.appearance
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

    /// Text, secondary text (the validation message, in red, when there is one) and image.
    static func listContent(_ content: CellContent) -> UIListContentConfiguration {
      var list: UIListContentConfiguration
      switch content.layout {
      case .subtitle: list = .subtitleCell()
      case .default: list = .cell()
      case .value1, .value2: list = .valueCell()
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
      onInput?(.text(textView.text ?? ""))
    }
  }
#endif
