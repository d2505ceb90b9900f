/// The device a Settings bundle is shown for, which picks `Root~iphone.plist` or
/// `Root~ipad.plist` over `Root.plist` and drops specifiers whose
/// `SupportedUserInterfaceIdioms` leave it out.
public enum SettingsIdiom: String, Hashable, Sendable, CaseIterable {
  /// An iPhone (and iPod touch).
  case phone
  /// An iPad.
  case pad

  /// The suffix of a page file written for this idiom: `~iphone` or `~ipad`.
  public var fileSuffix: String {
    switch self {
    case .phone: "~iphone"
    case .pad: "~ipad"
    }
  }

  /// The name `SupportedUserInterfaceIdioms` lists: `Phone` or `Pad`.
  public var specifierName: String {
    switch self {
    case .phone: "Phone"
    case .pad: "Pad"
    }
  }

  /// Every name `SupportedUserInterfaceIdioms` may list.
  static let specifierNames = ["Phone", "Pad", "Mac", "TV", "Vision", "Watch", "CarPlay"]
}
