import Foundation

/// Mirror of UIKit's `UIPickerView`: components and the row chosen in each.
@MainActor
open class UIPickerView: UIView {
  open weak var dataSource: (any UIPickerViewDataSource)?
  open weak var delegate: (any UIPickerViewDelegate)?
  private var chosen: [Int: Int] = [:]

  /// The number of components, as the data source gives it.
  open var numberOfComponents: Int { dataSource?.numberOfComponents(in: self) ?? 0 }

  open func numberOfRows(inComponent component: Int) -> Int {
    dataSource?.pickerView(self, numberOfRowsInComponent: component) ?? 0
  }

  open func selectRow(_ row: Int, inComponent component: Int, animated: Bool) {
    chosen[component] = row
  }

  /// The row chosen in `component`, -1 when none is.
  open func selectedRow(inComponent component: Int) -> Int { chosen[component] ?? -1 }

  /// What a person does: chooses `row` in `component`, and the delegate is told.
  public func choose(_ row: Int, inComponent component: Int) {
    chosen[component] = row
    delegate?.pickerView(self, didSelectRow: row, inComponent: component)
  }
}

/// Mirror of UIKit's `UIPickerViewDataSource`.
@MainActor
public protocol UIPickerViewDataSource: NSObjectProtocol {
  func numberOfComponents(in pickerView: UIPickerView) -> Int
  func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int
}

/// Mirror of UIKit's `UIPickerViewDelegate`, with the requirements Trellis implements.
@MainActor
public protocol UIPickerViewDelegate: NSObjectProtocol {
  func pickerView(_ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int)
    -> String?
  func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int)
}
