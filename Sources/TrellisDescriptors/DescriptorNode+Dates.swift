import Trellis

extension DescriptorNode {
  /// The minutes a date row's time steps by, at `key`: a whole number from 1 to 30 that
  /// divides an hour, as `UIDatePicker.minuteInterval` takes. Any other number is a warning,
  /// and the row offers every minute, as UIKit does.
  func minuteInterval(_ key: String) -> Int? {
    guard let minutes = integer(key) else { return nil }
    guard (1...30).contains(minutes), 60 % minutes == 0 else {
      reading.warning(
        "'\(key)' must divide an hour (1, 2, 3, 4, 5, 6, 10, 12, 15, 20 or 30), not \(minutes): "
          + "every minute is offered", at: path(key), onKey: false)
      return nil
    }
    return minutes
  }
}
