import Trellis

/// How many colours a terminal shows, as its environment says: a theme's colours are drawn
/// in the nearest the terminal has, so that two pastels stay two colours where it can.
public enum TerminalColorDepth: Sendable, Hashable {
  /// The 16 ANSI colours (``ANSIColor``): what every colour terminal shows.
  case sixteen
  /// xterm's 256 colours: the 16, a 6 × 6 × 6 cube and 24 greys (`TERM=xterm-256color`).
  case indexed256
  /// Any colour (`COLORTERM=truecolor` or `24bit`).
  case trueColor

  /// The depth `environment` names: `COLORTERM` for any colour, a `TERM` ending in
  /// `256color` for 256, and 16 otherwise.
  public init(environment: [String: String]) {
    let colorTerm = (environment["COLORTERM"] ?? "").lowercased()
    if colorTerm == "truecolor" || colorTerm == "24bit" {
      self = .trueColor
    } else if (environment["TERM"] ?? "").hasSuffix("256color") {
      self = .indexed256
    } else {
      self = .sixteen
    }
  }

  /// The SGR parameters that set the text to `color` (`97`, `38;5;189`, `38;2;204;229;255`);
  /// `nil` for a colour that is mostly transparent or a pattern.
  public func foreground(_ color: ThemeColor) -> String? { parameters(color, background: false) }

  /// The SGR parameters that set the background to `color`; see ``foreground(_:)``.
  public func background(_ color: ThemeColor) -> String? { parameters(color, background: true) }

  private func parameters(_ color: ThemeColor, background: Bool) -> String? {
    guard color.isSolid else { return nil }
    let (r, g, b) = color.rgb255
    switch self {
    case .sixteen:
      guard let nearest = ANSIColor(nearestTo: color) else { return nil }
      return String(background ? nearest.backgroundCode : nearest.foregroundCode)
    case .indexed256:
      return (background ? "48;5;" : "38;5;") + String(Self.index256(r, g, b))
    case .trueColor:
      return (background ? "48;2;" : "38;2;") + "\(r);\(g);\(b)"
    }
  }

  /// The levels of each component in xterm's colour cube.
  private static let cubeLevels = [0, 95, 135, 175, 215, 255]

  /// The index of the colour of xterm's 256 that is closest to (r, g, b): in the cube, or
  /// among the greys when one is closer.
  static func index256(_ r: Int, _ g: Int, _ b: Int) -> Int {
    func nearestLevel(_ value: Int) -> Int {
      cubeLevels.indices.min { abs(cubeLevels[$0] - value) < abs(cubeLevels[$1] - value) } ?? 0
    }
    let (ri, gi, bi) = (nearestLevel(r), nearestLevel(g), nearestLevel(b))
    let cube = (cubeLevels[ri], cubeLevels[gi], cubeLevels[bi])
    // Greys run 8, 18, …, 238.
    let average = (r + g + b) / 3
    let greyStep = min(23, max(0, (average - 8 + 5) / 10))
    let grey = 8 + greyStep * 10
    func distance(_ c: (Int, Int, Int)) -> Int {
      (c.0 - r) * (c.0 - r) + (c.1 - g) * (c.1 - g) + (c.2 - b) * (c.2 - b)
    }
    if distance((grey, grey, grey)) < distance(cube) { return 232 + greyStep }
    return 16 + 36 * ri + 6 * gi + bi
  }
}
