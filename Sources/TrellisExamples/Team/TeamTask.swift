import Observation
import TrellisMacros

/// A task of a team: whose it is, and who last changed it.
@Observable @TableBound
public final class TeamTask: DefaultConstructible {
  public var title = ""
  public var notes = ""
  public var done = false
  /// The name of the person whose task it is.
  public var owner = ""
  /// The name of the person who last added or changed it, recorded by the core.
  public var editedBy = ""

  /// An empty task.
  public init() {}

  /// A task of `owner`'s.
  public convenience init(_ title: String, owner: String, done: Bool = false) {
    self.init()
    self.title = title
    self.owner = owner
    self.done = done
  }
}
