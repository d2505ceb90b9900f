import Observation
import TrellisMacros

/// A day of the week, as seed 000's theme example lists them.
@Observable @TableBound
public final class WeekDay: DefaultConstructible {
  public var name = ""

  /// An unnamed day.
  public init() {}

  /// A day called `name`.
  public convenience init(name: String) {
    self.init()
    self.name = name
  }
}
