#if TRELLIS_UIKIT_MIRROR
  import UIKitMirror
#elseif canImport(UIKit)
  import UIKit
#endif

#if TRELLIS_UIKIT_MIRROR || canImport(UIKit)
  import Foundation
  import Trellis

  extension IndexPath {
    /// The table-view index path of a Trellis item path.
    public init(_ path: ItemPath) {
      self.init(row: path.item, section: path.section)
    }
  }

  extension ItemPath {
    /// The Trellis item path of a table-view index path.
    public init(_ indexPath: IndexPath) {
      self.init(item: indexPath.row, section: indexPath.section)
    }
  }
#endif
