/// A snapshot the diff engine cannot match item for item.
public enum DiffError: Error, Hashable, Sendable, CustomStringConvertible {
  /// Which snapshot holds the problem.
  public enum Side: String, Hashable, Sendable {
    case source
    case target
  }

  /// Two sections in one snapshot share an identifier.
  case duplicateSection(id: String, side: Side, first: Int, second: Int)
  /// Two items in one snapshot share an identifier (in one section or across sections).
  case duplicateItem(id: String, side: Side, first: ItemPath, second: ItemPath)

  public var description: String {
    switch self {
    case .duplicateSection(let id, let side, let first, let second):
      "duplicate section identifier \(id) in the \(side.rawValue) snapshot "
        + "(sections \(first) and \(second))"
    case .duplicateItem(let id, let side, let first, let second):
      "duplicate item identifier \(id) in the \(side.rawValue) snapshot "
        + "(at \(first) and \(second))"
    }
  }
}
