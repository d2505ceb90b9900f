#if TRELLIS_UIKIT_MIRROR
  import UIKitMirror
#elseif canImport(UIKit)
  import UIKit
#endif

#if TRELLIS_UIKIT_MIRROR || canImport(UIKit)
  import Foundation

  /// The data source and delegate of a picker in parts: a component per wheel, its titles, and
  /// what a person chooses on each, reported by wheel and index.
  @MainActor
  final class PickerWheels: NSObject, UIPickerViewDataSource, UIPickerViewDelegate {
    /// Each wheel's titles.
    let titles: [[String]]
    private let chosen: (_ wheel: Int, _ index: Int) -> Void

    init(titles: [[String]], chosen: @escaping (_ wheel: Int, _ index: Int) -> Void) {
      self.titles = titles
      self.chosen = chosen
    }

    func numberOfComponents(in pickerView: UIPickerView) -> Int { titles.count }

    func pickerView(_ pickerView: UIPickerView, numberOfRowsInComponent component: Int) -> Int {
      titles.indices.contains(component) ? titles[component].count : 0
    }

    func pickerView(
      _ pickerView: UIPickerView, titleForRow row: Int, forComponent component: Int
    ) -> String? {
      guard titles.indices.contains(component), titles[component].indices.contains(row) else {
        return nil
      }
      return titles[component][row]
    }

    func pickerView(_ pickerView: UIPickerView, didSelectRow row: Int, inComponent component: Int) {
      chosen(component, row)
    }
  }
#endif
