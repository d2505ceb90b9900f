import Foundation
import Trellis

extension RelationalEntity {
  /// `values` with the entity's ``updateTimestamp`` set to now, unless `values` set it, or the
  /// entity keeps none.
  package func stampingUpdate(_ values: [String: Value]) -> [String: Value] {
    guard let column = updateTimestamp, values[column] == nil else { return values }
    var stamped = values
    stamped[column] = .date(Date())
    return stamped
  }
}
