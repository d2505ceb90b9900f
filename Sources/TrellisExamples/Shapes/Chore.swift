import Observation
import TrellisMacros

/// A chore of the editing-shapes example: a name, and whether it is done.
@Observable @TableBound
public final class Chore: DefaultConstructible {
  public var name = ""
  public var isDone = false

  /// An unnamed chore.
  public init() {}

  /// A chore called `name`.
  public convenience init(name: String, isDone: Bool = false) {
    self.init()
    self.name = name
    self.isDone = isDone
  }
}
