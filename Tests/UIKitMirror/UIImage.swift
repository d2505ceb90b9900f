import Foundation

/// Mirror of UIKit's `UIImage`: the mirror keeps the name it was made from.
open class UIImage: NSObject, @unchecked Sendable {
  /// The asset, symbol or file name.
  public let name: String?

  init(name: String?) {
    self.name = name
    super.init()
  }

  public convenience init?(named name: String) { self.init(name: name) }
  public convenience init?(systemName name: String) { self.init(name: "system:" + name) }
  public convenience init?(contentsOfFile path: String) { self.init(name: path) }
}
