import Foundation
import TrellisExamples
import TrellisWeb

/// The Go Fish cards' faces and back, people's pictures and the Looks app's header views,
/// drawn as small SVG images when a page asks for them (`/images/4_of_diamonds`,
/// `/images/backs_blue`, `/images/avatar_ada`, `/images/looks_banner`).
enum CardFaces {
  static func image(named name: String) -> WebImage? {
    if name == "backs_blue" { return svg(back) }
    if name == LooksExample.bannerImage { return banner("Trellis", fill: "#1f4fbf") }
    if name == LooksExample.ribbonImage { return banner("Cell styles", fill: "#8e44ad") }
    if name.hasPrefix("avatar_"), let initial = name.dropFirst(7).first {
      return svg(
        """
        <circle cx="15" cy="20" r="14" fill="#5b7bd5"/><text x="15" y="26" font-size="16"         text-anchor="middle" font-family="sans-serif" fill="#fff">\(initial.uppercased())</text>
        """)
    }
    let parts = name.split(separator: "_")
    guard parts.count == 3, parts[1] == "of",
      let suit = PlayingCard.Suit.allCases.first(where: { $0.rawValue.lowercased() == parts[2] }),
      let rank = PlayingCard.ranks.first(where: { $0.lowercased() == parts[0] })
    else { return nil }
    let symbol =
      ["Clubs": "♣", "Diamonds": "♦", "Hearts": "♥", "Spades": "♠"][suit.rawValue] ?? "?"
    let red = suit == .diamonds || suit == .hearts
    let label = rank.count > 2 ? String(rank.prefix(1)) : rank
    return svg(
      """
      <rect x="1" y="1" width="28" height="38" rx="3" fill="#fff" stroke="#888"/>\
      <text x="15" y="18" font-size="12" text-anchor="middle" font-family="sans-serif" \
      font-weight="bold" fill="\(red ? "#c00" : "#111")">\(label)</text>\
      <text x="15" y="33" font-size="13" text-anchor="middle" \
      fill="\(red ? "#c00" : "#111")">\(symbol)</text>
      """)
  }

  private static let back = """
    <rect x="1" y="1" width="28" height="38" rx="3" fill="#1f4fbf" stroke="#0a2a7a"/>\
    <rect x="4" y="4" width="22" height="32" rx="2" fill="none" stroke="#9db4ff" \
    stroke-dasharray="2 2"/>
    """

  /// A wide band of `fill` with `title` in white: a header view.
  private static func banner(_ title: String, fill: String) -> WebImage {
    let text = """
      <svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 300 40">\
      <rect width="300" height="40" rx="8" fill="\(fill)"/><text x="150" y="27" font-size="20" \
      text-anchor="middle" font-family="sans-serif" fill="#fff">\(title)</text></svg>
      """
    return WebImage(data: Data(text.utf8), contentType: "image/svg+xml")
  }

  private static func svg(_ body: String) -> WebImage {
    let text = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 30 40\">\(body)</svg>"
    return WebImage(data: Data(text.utf8), contentType: "image/svg+xml")
  }
}
