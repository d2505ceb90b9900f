import Foundation
import TrellisDiff

/// A row as the mirror's table shows it: its cell and what the cell showed when configured.
public struct MirrorRow: Diffable {
  /// The cell.
  public let cell: UITableViewCell
  /// What the cell showed when the table last configured it.
  public let state: String
  /// The cell's accessibility identifier, or its position when it has none.
  public let diffID: String

  @MainActor
  init(cell: UITableViewCell, at indexPath: IndexPath) {
    self.cell = cell
    state = cell.mirrorState
    diffID = cell.accessibilityIdentifier ?? "\(indexPath.section).\(indexPath.row)"
  }

  public func isContentEqual(to other: MirrorRow) -> Bool { state == other.state }
}

/// A section as the mirror's table shows it: its titles.
public struct MirrorSection: Diffable, Hashable, Sendable {
  public var header: String?
  public var footer: String?
  public var diffID: String { header ?? "" }
}
