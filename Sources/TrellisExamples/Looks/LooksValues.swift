import Observation
import TrellisMacros

/// The values the Looks example's controls edit.
@Observable @TableBound
public final class LooksValues: DefaultConstructible {
  public var notify = true
  public var volume = 0.4
  public var size = 1
  public var nickname = "Ada"
  public var notes = "A text view that keeps its height: longer text scrolls inside it."
  /// The picture the image row shows: a name or a `data:` address an upload made.
  public var photo = ""

  /// The example's first values.
  public init() {}
}
