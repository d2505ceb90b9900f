import Foundation

/// Where the images rows name come from: a folder, an app's own maker, and a placeholder for
/// the rest.
///
/// A row names an image (`4_of_diamonds`, `avatar.png`); the page asks for `/images/NAME`. The
/// server answers from ``WebConfiguration/imageMaker`` first, then from
/// ``WebConfiguration/imageFolder`` (the name as given, or with an image extension added: only
/// regular files inside the folder, up to ``WebConfiguration/maxImageBytes``, see
/// ``WebImageFile``), and otherwise with a placeholder that says the image is missing, so that
/// a page never shows a broken image nor logs an error.
public struct WebImage: Sendable {
  /// The image's bytes.
  public var data: Data
  /// Its media type (`image/png`, `image/svg+xml`).
  public var contentType: String

  /// Creates an image.
  public init(data: Data, contentType: String) {
    self.data = data
    self.contentType = contentType
  }

  /// The media types of the extensions an image folder serves.
  static let types = [
    "png": "image/png", "jpg": "image/jpeg", "jpeg": "image/jpeg", "gif": "image/gif",
    "svg": "image/svg+xml", "webp": "image/webp",
  ]

  /// The file names an image named `name` is looked for under, in order: the name itself when
  /// it has an image extension, else the name with each extension added.
  package static func candidates(for name: String) -> [String] {
    contentType(ofName: name) != nil ? [name] : types.keys.sorted().map { "\(name).\($0)" }
  }

  /// The media type of an image file named `name`, by its extension; `nil` for another.
  package static func contentType(ofName name: String) -> String? {
    types[(name as NSString).pathExtension.lowercased()]
  }

  /// Whether `name` may name an image: letters, digits, `_`, `-` and `.`, not starting with a
  /// dot, at most 200 characters; never a path.
  static func isImageName(_ name: String) -> Bool {
    guard !name.isEmpty, name.count <= 200, !name.hasPrefix(".") else { return false }
    return name.unicodeScalars.allSatisfy {
      CharacterSet.alphanumerics.contains($0) && $0.isASCII || "_-.".unicodeScalars.contains($0)
    }
  }

  /// A grey box with a question mark, titled with the missing name.
  static func placeholder(for name: String) -> WebImage {
    let title = HTML.escape(String(name.prefix(80)))
    let svg = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><title>missing image \(title)\
      </title><rect x="1" y="1" width="38" height="38" rx="6" fill="#eee" stroke="#999" \
      stroke-dasharray="4 3"/><text x="20" y="27" font-size="20" text-anchor="middle" \
      fill="#888" font-family="sans-serif">?</text></svg>
      """
    return WebImage(data: Data(svg.utf8), contentType: "image/svg+xml")
  }
}
