#if TRELLIS_UIKIT_MIRROR
  import UIKitMirror
#elseif canImport(UIKit)
  import UIKit
#endif

#if TRELLIS_UIKIT_MIRROR || canImport(UIKit)
  import Foundation
  import Trellis

  extension RowCell {
    /// The native control of `control`, showing its state, wired to ``onInput``.
    func makeControl(_ control: CellControl, enabled: Bool) -> UIView? {
      switch control {
      case .none:
        return nil
      case .textField(let entry, let stepper):
        let field = textField(entry, enabled: enabled)
        textInput = field
        guard let stepper else { return field }
        let container = UIView(frame: CGRect(x: 0, y: 0, width: 190, height: 34))
        field.frame = CGRect(x: 0, y: 0, width: 88, height: 34)
        let control = UIStepper(frame: CGRect(x: 96, y: 1, width: 94, height: 32))
        control.minimumValue = stepper.minimum
        control.maximumValue = stepper.maximum
        control.stepValue = stepper.step
        control.value = stepper.value
        control.isEnabled = enabled
        control.addAction(
          UIAction { [weak self, weak control] _ in
            guard let control else { return }
            self?.onInput?(.number(control.value))
          }, for: .valueChanged)
        container.addSubview(field)
        container.addSubview(control)
        return container
      case .textView(let entry, let minimum, let maximum):
        let height = Self.textViewHeight(minimum: minimum, maximum: maximum)
        let view = UITextView(frame: CGRect(x: 0, y: 0, width: 220, height: height))
        view.text = entry.text
        textViewStart = entry.text
        view.isEditable = enabled
        view.autocapitalizationType = Self.capitalization(entry.autocapitalization)
        view.autocorrectionType = Self.correction(entry.autocorrects)
        view.delegate = self
        textInput = view
        return view
      case .toggle(let isOn):
        let toggle = UISwitch(frame: .zero)
        toggle.isOn = isOn
        toggle.isEnabled = enabled
        toggle.addAction(
          UIAction { [weak self, weak toggle] _ in
            guard let toggle else { return }
            self?.onInput?(.bool(toggle.isOn))
          }, for: .valueChanged)
        return toggle
      case .slider(let value, let minimum, let maximum):
        let slider = UISlider(frame: CGRect(x: 0, y: 0, width: 180, height: 34))
        slider.minimumValue = Float(minimum)
        slider.maximumValue = Float(maximum)
        slider.value = Float(value)
        slider.isEnabled = enabled
        // One value when the person lets go, not one per pixel dragged.
        slider.isContinuous = false
        slider.addAction(
          UIAction { [weak self, weak slider] _ in
            guard let slider else { return }
            self?.onInput?(.number(Double(slider.value)))
          }, for: .valueChanged)
        return slider
      case .segmented(let titles, let selected):
        let segments = UISegmentedControl(items: titles)
        segments.selectedSegmentIndex = selected ?? UISegmentedControl.noSegment
        segments.isEnabled = enabled
        segments.addAction(
          UIAction { [weak self, weak segments] _ in
            guard let segments, segments.selectedSegmentIndex != UISegmentedControl.noSegment
            else { return }
            self?.onInput?(.number(Double(segments.selectedSegmentIndex)))
          }, for: .valueChanged)
        return segments
      case .timeOfDay(let text):
        return timePicker(text, enabled: enabled)
      case .date(let date, let parts, let minuteInterval):
        let picker = UIDatePicker(frame: .zero)
        picker.preferredDatePickerStyle = .compact
        picker.datePickerMode =
          switch parts {
          case .day: .date
          case .dayAndTime: .dateAndTime
          case .time: .time
          }
        picker.minuteInterval = minuteInterval
        if let date { picker.date = date }
        // A time picker sends the whole date: the row keeps the day it holds.
        let includesTime = parts != .day
        picker.isEnabled = enabled
        picker.addAction(
          UIAction { [weak self, weak picker] _ in
            guard let picker else { return }
            self?.onInput?(.text(Self.isoText(picker.date, includesTime: includesTime)))
          }, for: .valueChanged)
        return picker
      case .imagePicker(let name):
        let image = name.flatMap { UIImage(named: $0) ?? UIImage(contentsOfFile: $0) }
        let view = UIImageView(image: image ?? UIImage(systemName: "photo"))
        view.frame = CGRect(x: 0, y: 0, width: 44, height: 44)
        return view
      case .expander(let isExpanded):
        return UIImageView(
          image: UIImage(systemName: isExpanded ? "chevron.down" : "chevron.right"))
      case .wheels(let titles, let selected):
        // A picker view with a component per wheel; the cell keeps its titles.
        let wheels = PickerWheels(titles: titles) { [weak self] wheel, index in
          self?.onWheel?(wheel, index)
        }
        self.wheels = wheels
        let picker = UIPickerView(frame: CGRect(x: 0, y: 0, width: 200, height: 120))
        picker.dataSource = wheels
        picker.delegate = wheels
        for (wheel, index) in selected.enumerated() {
          if let index { picker.selectRow(index, inComponent: wheel, animated: false) }
        }
        picker.isUserInteractionEnabled = enabled
        return picker
      }
    }

    /// Gives the control in the accessory view its theme's tints.
    func applyTints(_ look: CellAppearance) {
      let accessoryView = accessoryControl
      if let toggle = accessoryView as? UISwitch, let tint = look.switchOnTintColor {
        toggle.onTintColor = UIColor(tint)
      }
      if let slider = accessoryView as? UISlider {
        if let tint = look.sliderMinimumTrackTintColor {
          slider.minimumTrackTintColor = UIColor(tint)
        }
        if let tint = look.sliderMaximumTrackTintColor {
          slider.maximumTrackTintColor = UIColor(tint)
        }
        if let tint = look.sliderThumbTintColor { slider.thumbTintColor = UIColor(tint) }
      }
      if let segments = accessoryView as? UISegmentedControl,
        let tint = look.segmentedControlTintColor
      {
        segments.selectedSegmentTintColor = UIColor(tint)
      }
    }

    private func textField(_ entry: TextEntry, enabled: Bool) -> UITextField {
      let field = UITextField(frame: CGRect(x: 0, y: 0, width: 180, height: 34))
      field.text = entry.text
      field.placeholder = entry.placeholder
      field.isSecureTextEntry = entry.isSecure
      field.keyboardType = Self.keyboard(entry.keyboard)
      field.autocapitalizationType = Self.capitalization(entry.autocapitalization)
      field.autocorrectionType = Self.correction(entry.autocorrects)
      field.textAlignment = Self.alignment(entry.alignment ?? .right)
      field.returnKeyType = .next
      field.isEnabled = enabled
      // The value is entered when the field ends editing: typing does not reload the row
      // under the person's cursor. It goes with what the field showed, so that typing over a
      // value another window changed meanwhile does not replace it unseen.
      let start = entry.text
      field.addAction(
        UIAction { [weak self, weak field] _ in
          guard let field else { return }
          self?.typed(field.text ?? "", over: start)
        }, for: .editingDidEnd)
      field.addAction(UIAction { [weak self] _ in self?.onReturn?() }, for: .editingDidEndOnExit)
      if Self.hasNoReturnKey(field.keyboardType) {
        field.inputAccessoryView = returnBar(for: field)
      }
      return field
    }

    /// Whether `keyboard` lacks a Return key (the number and phone pads): its field then gets
    /// a bar above the keyboard, without which a person could neither go on nor put it away.
    static func hasNoReturnKey(_ keyboard: UIKeyboardType) -> Bool {
      [.numberPad, .decimalPad, .phonePad].contains(keyboard)
    }

    /// The bar above a keyboard without Return: Next does what Return does in other fields
    /// (enter the value, go on to the next field), Done enters it and puts the keyboard away.
    private func returnBar(for field: UITextField) -> UIToolbar {
      let bar = UIToolbar(frame: CGRect(x: 0, y: 0, width: 320, height: 44))
      let next = UIBarButtonItem(
        title: "Next",
        primaryAction: UIAction { [weak self, weak field] _ in
          field?.resignFirstResponder()
          self?.onReturn?()
        })
      let done = UIBarButtonItem(
        systemItem: .done,
        primaryAction: UIAction { [weak field] _ in field?.resignFirstResponder() })
      bar.items = [next, UIBarButtonItem(systemItem: .flexibleSpace), done]
      bar.sizeToFit()
      return bar
    }

    static func alignment(_ alignment: RowAttributes.TextAlignment) -> NSTextAlignment {
      switch alignment {
      case .left: .left
      case .center: .center
      case .right: .right
      case .justified: .justified
      case .natural: .natural
      }
    }

    static func keyboard(_ keyboard: TextEntry.Keyboard) -> UIKeyboardType {
      switch keyboard {
      case .text: .default
      case .wholeNumber: .numberPad
      case .decimal: .decimalPad
      case .signedNumber: .numbersAndPunctuation
      case .url: .URL
      case .email: .emailAddress
      case .phone: .phonePad
      case .namePhone: .namePhonePad
      case .ascii: .asciiCapable
      }
    }

    static func correction(_ corrects: Bool?) -> UITextAutocorrectionType {
      switch corrects {
      case true?: .yes
      case false?: .no
      case nil: .default
      }
    }

    static func capitalization(_ capitalization: RowAttributes.Autocapitalization)
      -> UITextAutocapitalizationType
    {
      switch capitalization {
      case .none: .none
      case .words: .words
      case .sentences: .sentences
      case .allCharacters: .allCharacters
      }
    }

    /// The ISO 8601 text of `date` in the person's time zone: the day, or the day and time,
    /// counted in the proleptic Gregorian calendar as the core reads it.
    static func isoText(_ date: Date, includesTime: Bool) -> String {
      let offset = TimeZone.current.secondsFromGMT(for: date)
      let local = date.addingTimeInterval(TimeInterval(offset))
      guard includesTime else { return DateTextLayout.day.text(from: local) }
      let sign = offset < 0 ? "-" : "+"
      let zone = String(format: "%@%02d:%02d", sign, abs(offset) / 3600, abs(offset) / 60 % 60)
      let layout = DateTextLayout(includesTime: true, separator: "T")
      let whole = Date(timeIntervalSince1970: local.timeIntervalSince1970.rounded(.down))
      return layout.text(from: whole) + zone
    }
  }
#endif
