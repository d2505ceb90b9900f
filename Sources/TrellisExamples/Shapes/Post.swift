import Observation
import TrellisMacros

/// A short post, as seed 000's tweet-style custom row shows it: who wrote it, what it says,
/// and their picture.
@Observable @TableBound
public final class Post: DefaultConstructible {
  public var author = ""
  public var message = ""
  public var avatar = ""

  /// An empty post.
  public init() {}

  /// A post by `author`.
  public convenience init(author: String, message: String, avatar: String) {
    self.init()
    self.author = author
    self.message = message
    self.avatar = avatar
  }
}
