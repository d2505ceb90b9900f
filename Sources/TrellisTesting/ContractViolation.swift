import TrellisDiff

/// A batch update that UITableView would reject, or a table that no longer shows its data.
public struct ContractViolation: Error, Hashable, Sendable, CustomStringConvertible {
  /// The rule a batch update broke.
  public enum Rule: String, Hashable, Sendable, CaseIterable {
    /// An index or index path is outside the section or row range it refers to.
    case outOfRange
    /// The same index or index path is listed twice for one kind of update.
    case listedTwice
    /// An index (path) is deleted and also moved from, or reloaded and also deleted or moved.
    case deletedAndMoved
    /// An index (path) is inserted and also moved to.
    case insertedAndMoved
    /// A row update lists a row of a section that is deleted, inserted or reloaded in the
    /// same batch: such rows come and go with their section.
    case rowInChangingSection
    /// A row moves out of a section that is deleted, or into one that is inserted.
    case moveAcrossChangingSection
    /// The number of sections after the update is not the number before, minus deletes,
    /// plus inserts.
    case sectionCount
    /// The number of rows in a section after the update is not the number before, minus
    /// deletes and moves out, plus inserts and moves in.
    case rowCount
    /// After the update a row or header shows another item than the data source has there.
    case wrongItem
    /// After the update a row or header shows stale content: its item changed but was not
    /// reloaded.
    case staleContent
  }

  /// The batch (stage) that broke the rule, counted from 0 within one changeset.
  public var stage: Int
  /// The rule.
  public var rule: Rule
  /// Where: an index path such as `[2, 5]`, a section such as `section 3`, or empty.
  public var location: String
  /// What exactly went wrong.
  public var message: String

  /// Creates a violation.
  public init(stage: Int, rule: Rule, location: String, message: String) {
    self.stage = stage
    self.rule = rule
    self.location = location
    self.message = message
  }

  public var description: String {
    "Invalid update (stage \(stage), \(rule.rawValue)) at \(location.isEmpty ? "table" : location): "
      + message
  }
}
