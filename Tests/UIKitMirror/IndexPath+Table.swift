import Foundation

/// Mirror of UIKit's table index paths: a section and a row within it.
extension IndexPath {
  public init(row: Int, section: Int) { self.init(indexes: [section, row]) }

  public var section: Int {
    get { self[0] }
    set { self[0] = newValue }
  }

  public var row: Int {
    get { self[1] }
    set { self[1] = newValue }
  }
}
