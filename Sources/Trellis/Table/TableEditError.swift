/// Why an edit of a table was refused. Nothing was changed.
public enum TableEditError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The section index does not exist.
  case sectionOutOfRange(Int, count: Int)
  /// The row does not exist.
  case rowOutOfRange(path: String, count: Int)
  /// The row cannot be moved.
  case notMovable(path: String)
  /// The row cannot be deleted.
  case notDeletable(path: String)
  /// The section does not accept the edit.
  case sectionNotEditable(section: String, reason: String)
  /// The row, named by its title, takes no value.
  case rowNotEditable(row: String, reason: String)
  /// The target section refuses the moved or inserted element.
  case refused(section: String, reason: String)
  /// Writing the bound value failed.
  case binding(BindingError)
  /// The section's store refused the edit.
  case store(section: String, StoreError)

  public var description: String {
    switch self {
    case .sectionOutOfRange(let index, let count):
      "section \(index) is out of range (the table has \(count) sections)"
    case .rowOutOfRange(let path, let count):
      "row \(path) is out of range (its section has \(count) rows)"
    case .notMovable(let path): "row \(path) cannot be moved"
    case .notDeletable(let path): "row \(path) cannot be deleted"
    case .sectionNotEditable(let section, let reason):
      "section '\(section)' cannot be edited: \(reason)"
    case .rowNotEditable(let row, let reason): "\(row) cannot be changed: \(reason)"
    case .refused(let section, let reason): "section '\(section)' refuses the row: \(reason)"
    case .binding(let error): error.description
    // What the store said reaches the person who edited: its words, not the section's id.
    case .store(_, let error): error.message()
    }
  }
}
