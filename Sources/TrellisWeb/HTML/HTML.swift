/// Text made safe for HTML: every value a page shows goes through ``escape(_:)``.
public enum HTML {
  /// Escapes `&`, `<`, `>`, `"` and `'`, so that the text reads as text in element content and
  /// in quoted attribute values.
  public static func escape(_ text: String) -> String {
    var result = ""
    result.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": result += "&amp;"
      case "<": result += "&lt;"
      case ">": result += "&gt;"
      case "\"": result += "&quot;"
      case "'": result += "&#39;"
      case "\0": result += "\u{FFFD}"
      default: result.unicodeScalars.append(scalar)
      }
    }
    return result
  }

  /// The most characters a label shows: a row's title and detail, a screen's title. A cell
  /// shows a line or a few of them, and a longer value would go in full to every page that
  /// shows the list, on every change.
  static let labelLimit = 1_000

  /// `text` cut to ``labelLimit`` characters, ending in an ellipsis when cut. A control that
  /// edits a value gets the whole value, never this.
  static func label(_ text: String) -> String {
    guard text.utf8.count > labelLimit,
      let end = text.index(text.startIndex, offsetBy: labelLimit, limitedBy: text.endIndex),
      end < text.endIndex
    else { return text }
    return String(text[..<end]) + "…"
  }

  /// An attribute, ` name="value"`, with the value escaped.
  static func attribute(_ name: String, _ value: String?) -> String {
    guard let value else { return "" }
    return " \(name)=\"\(escape(value))\""
  }

  /// A boolean attribute, ` name`, when `on`.
  static func flag(_ name: String, _ on: Bool) -> String {
    on ? " \(name)" : ""
  }

  /// Whether `address` is safe to put in an `href` or `src`: http, https, or a path on this
  /// server. `javascript:` and other schemes are refused.
  static func isSafeURL(_ address: String) -> Bool {
    let lower = address.lowercased()
    if lower.hasPrefix("https://") || lower.hasPrefix("http://") { return true }
    return address.hasPrefix("/") && !address.hasPrefix("//")
  }

  /// Whether the page may open `address` for a row's `open` action: a safe address, or an
  /// email to write (`mailto:`, an InAppSettingsKit mail-compose row), which opens no page.
  static func isOpenableAddress(_ address: String) -> Bool {
    isSafeURL(address) || address.lowercased().hasPrefix("mailto:")
  }

  /// Where the page loads the image a row names: a safe address as it is, a bare name (a
  /// card face, `avatar.png`) from the server's images (`/images/NAME`), nothing otherwise.
  static func imageSource(_ name: String) -> String? {
    if isSafeImage(name) { return name }
    return WebImage.isImageName(name) ? "/images/" + name : nil
  }

  /// Whether `address` is an image that may be shown inline: a safe URL or an image data URL.
  static func isSafeImage(_ address: String) -> Bool {
    let lower = address.lowercased()
    if lower.hasPrefix("data:image/") && !lower.hasPrefix("data:image/svg") { return true }
    return isSafeURL(address)
  }
}
