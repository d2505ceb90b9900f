#if TRELLIS_UIKIT_MIRROR
  import UIKitMirror
#elseif canImport(UIKit)
  import UIKit
#endif

#if TRELLIS_UIKIT_MIRROR || canImport(UIKit)
  import Foundation
  import Trellis

  /// The theme's control layout (`controlIndentation`, `controlMargin`, `maxTextLabelWidth`),
  /// as Sensible TableView's control cells laid it out: the title is at most
  /// `maxTextLabelWidth` wide, and the control starts `controlMargin` after it, but never
  /// nearer the cell's leading edge than `controlIndentation`, so that the controls of rows
  /// under each other line up. The control then spans the rest of the row; one of a fixed
  /// size (a switch) sits at the start of that space.
  ///
  /// The control stays the cell's accessory, widened so that its leading edge falls there:
  /// UIKit narrows the content, and with it the title, to what is left.
  extension RowCell {
    /// The space between a title and its control when the theme names an indentation or a
    /// largest title width but no margin (the web's default too).
    static let defaultControlMargin: CGFloat = 10

    /// Where the control starts, from the cell's leading edge: after a title `titleWidth`
    /// wide (at most `maxTextLabelWidth`), which starts at `leading`, and the margin; at
    /// least at the indentation.
    static func controlStart(
      _ look: CellAppearance, titleWidth: CGFloat, leading: CGFloat
    ) -> CGFloat {
      let title = min(titleWidth, look.maxTextLabelWidth.map { CGFloat($0) } ?? titleWidth)
      let margin = look.controlMargin.map { CGFloat($0) } ?? defaultControlMargin
      return max(CGFloat(look.controlIndentation ?? 0), leading + title + margin)
    }

    /// How wide `content`'s title is drawn, in its theme's font or UIKit's body font, with
    /// its image before it.
    static func titleWidth(_ content: CellContent) -> CGFloat {
      let font = content.appearance.font.map(UIFont.themed) ?? .systemFont(ofSize: 17)
      let text = (content.text ?? "") as NSString
      let image: CGFloat = content.imageName == nil ? 0 : 40
      return ceil(text.size(withAttributes: [.font: font]).width) + image
    }

    /// Whether the theme places `content`'s control: a control beside a title.
    static func laysOutControl(_ content: CellContent) -> Bool {
      content.appearance.laysOutControl && content.control != .none && hasTitle(content)
        && !fillsRow(content)
    }

    /// The control in the accessory: the accessory itself, or the one its holder holds.
    var accessoryControl: UIView? {
      guard let content, Self.laysOutControl(content) else { return accessoryView }
      return accessoryView?.subviews.first
    }

    /// The accessory that holds `control` where the theme places it, sized in
    /// ``layOutControl(in:)``.
    static func controlHolder(_ control: UIView) -> UIView {
      let holder = UIView(frame: control.frame)
      holder.addSubview(control)
      return holder
    }

    /// Sizes the accessory holding the control so that the control starts where the theme
    /// places it in a cell `width` wide: a control that stretches (a text field, a slider, a
    /// segmented control) spans the holder, one of a fixed size sits at its start.
    func layOutControl(in width: CGFloat) {
      guard let content, Self.laysOutControl(content), let holder = accessoryView,
        let control = holder.subviews.first
      else { return }
      let start = Self.controlStart(
        content.appearance, titleWidth: Self.titleWidth(content), leading: layoutMargins.left)
      let stretches = !(control is UISwitch)
      let space = max(width - start - layoutMargins.right, stretches ? 44 : control.frame.width)
      let height = max(control.frame.height, 34)
      holder.frame = CGRect(
        x: width - layoutMargins.right - space, y: 0, width: space, height: height)
      control.frame = CGRect(
        x: 0, y: (height - control.frame.height) / 2,
        width: stretches ? space : control.frame.width, height: control.frame.height)
    }
  }
#endif
