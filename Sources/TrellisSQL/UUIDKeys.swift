import Foundation

/// How a table names its rows when its key is text holding UUIDs, which the program that
/// made it makes itself: a new row gets a new UUID, written as the others are.
package enum UUIDKeys: Hashable, Sendable {
  /// `3f2a0c9e-1b1c-4f7e-9a3e-2a1b3c4d5e6f`.
  case lowercase
  /// `3F2A0C9E-1B1C-4F7E-9A3E-2A1B3C4D5E6F`, as Foundation writes them.
  case uppercase

  /// The keys `sample`, a key the table holds, shows; `nil` when it is no UUID.
  package init?(sample: String) {
    guard UUID(uuidString: sample) != nil, sample.count == 36 else { return nil }
    if sample == sample.lowercased() {
      self = .lowercase
    } else if sample == sample.uppercased() {
      self = .uppercase
    } else {
      return nil
    }
  }

  /// The keys an empty table's text key `column` takes: UUIDs when its name says so (`id`,
  /// `uuid`, `guid`, or ending in them), written in lower case as most programs do.
  package init?(emptyColumn column: String) {
    let name = column.lowercased()
    guard name == "id" || name.hasSuffix("uuid") || name.hasSuffix("guid") else { return nil }
    self = .lowercase
  }

  /// A new key.
  package func make() -> String {
    let text = UUID().uuidString
    return self == .lowercase ? text.lowercased() : text
  }
}
