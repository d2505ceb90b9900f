import TrellisValues

/// Reads the tokens of one attribute value, as the attribute's type asks, into a typed value.
struct ThemeValueParser {
  /// How a value is written, before the attribute's type decides what it means.
  private enum Shape {
    case string(String)
    case image(String, ThemeEdgeInsets)
    case number(Double)
    case color(ThemeColor)
    case word(String)
    case font(String, Double)
  }

  /// The tokens, at the value's next one; given back to the caller once the value is read.
  private(set) var tokens: ThemeTokenStream
  private let keyPath: String
  private let file: String?
  /// The value's first and second tokens, once taken.
  private var first: ThemeToken?
  private var second: ThemeToken?
  /// Problems found in the value.
  private(set) var diagnostics: [Diagnostic] = []

  /// A parser of the value whose first token is `tokens`' current one.
  init(tokens: ThemeTokenStream, keyPath: String, file: String?) {
    self.tokens = tokens
    self.keyPath = keyPath
    self.file = file
  }

  /// The value, or `nil` after reporting why there is none.
  mutating func parse(as type: ThemeAttribute.ValueType?) -> ThemeValue? {
    guard let shape = parseShape() else { return nil }
    if let extra = current {
      error("unexpected \(extra.display) in value of '\(keyPath)'", at: extra)
      return nil
    }
    guard let type else { return inferred(shape) }
    return convert(shape, to: type)
  }

  /// The candidate closest to `name`, for "did you mean"; none for very long names.
  static func suggestion(for name: String, among candidates: [String]) -> String? {
    guard name.count <= 64 else { return nil }
    return NameSuggestion.closest(to: name, among: candidates)
  }

  // MARK: Shapes

  /// The value's next token, or `nil` after its last.
  private var current: ThemeToken? { tokens.atValueToken ? tokens.current : nil }

  /// Moves past the current token.
  private mutating func take() {
    if first == nil {
      first = tokens.current
    } else if second == nil {
      second = tokens.current
    }
    tokens.advance()
  }

  /// Where the text after the value's last token starts: where a missing part is reported.
  private var end: SourceLocation {
    let last = tokens.lastTaken ?? tokens.current
    return SourceLocation(file: file, line: last.endLine, column: last.endColumn)
  }

  private func location(of token: ThemeToken) -> SourceLocation {
    SourceLocation(file: file, line: token.line, column: token.column)
  }

  private mutating func error(_ message: String, at token: ThemeToken?) {
    diagnostics.append(Diagnostic(message, at: token.map(location(of:)) ?? end))
  }

  private mutating func warning(_ message: String, at token: ThemeToken) {
    diagnostics.append(Diagnostic(message, at: location(of: token), severity: .warning))
  }

  private mutating func parseShape() -> Shape? {
    guard let first = current else { return nil }
    take()
    switch first.kind {
    case .string:
      if let capInsets = current, capInsets.isIdentifier("capInsets") {
        take()
        guard let (arguments, count) = parseArguments(of: capInsets) else { return nil }
        guard count == 4 else {
          reportArity(capInsets, "4", count)
          return nil
        }
        let numbers = arguments.map(\.number)
        let insets = ThemeEdgeInsets(
          top: numbers[0], left: numbers[1], bottom: numbers[2], right: numbers[3])
        return .image(first.contents, insets)
      }
      if let size = current, size.kind == .number {
        take()
        return finite(size) ? .font(first.contents, size.number) : nil
      }
      return .string(first.contents)
    case .number:
      return finite(first) ? .number(first.number) : nil
    case .hex:
      return parseHex(first).map { .color($0) }
    case .identifier where current?.kind == .leftParen:
      return parseFunction(first)
    case .identifier:
      var words = [first.text]
      while let word = current, word.kind == .identifier {
        words.append(word.text)
        take()
      }
      if let size = current, size.kind == .number {
        take()
        return finite(size) ? .font(words.joined(separator: " "), size.number) : nil
      }
      if words.count > 1 {
        let second = self.second ?? first
        error("unexpected '\(second.text)' in value of '\(keyPath)'", at: second)
        return nil
      }
      return .word(first.text)
    default:
      error("expected a value for '\(keyPath)', found \(first.display)", at: first)
      return nil
    }
  }

  /// Whether a number token's value is finite; reports it if not.
  private mutating func finite(_ token: ThemeToken) -> Bool {
    if token.number.isFinite { return true }
    error("number '\(token.text.prefix(40))' is out of range", at: token)
    return false
  }

  private mutating func reportArity(
    _ function: ThemeToken, _ expected: String, _ found: Int
  ) {
    error("\(function.text)(...) takes \(expected) numbers, found \(found)", at: function)
  }

  /// Reads `( number, number, ... )` after a function name; returns the first four number
  /// tokens (no function takes more) and how many there are.
  private mutating func parseArguments(of function: ThemeToken) -> (
    numbers: [ThemeToken], count: Int
  )? {
    guard let open = current, open.kind == .leftParen else {
      error("expected '(' after '\(function.text)'", at: current)
      return nil
    }
    take()
    var numbers: [ThemeToken] = []
    var count = 0
    if current?.kind == .rightParen {
      take()
      return (numbers, count)
    }
    while true {
      guard let number = current, number.kind == .number, number.number.isFinite else {
        error(
          "expected a number in \(function.text)(...), found \(current?.display ?? "';'")",
          at: current)
        return nil
      }
      if numbers.count < 4 { numbers.append(number) }
      count += 1
      take()
      if current?.kind == .comma {
        take()
        continue
      }
      if current?.kind == .rightParen {
        take()
        return (numbers, count)
      }
      error("expected ',' or ')' in \(function.text)(...)", at: current)
      return nil
    }
  }

  private mutating func parseFunction(_ function: ThemeToken) -> Shape? {
    let name = function.text
    guard name == "rgb" || name == "rgba" else {
      var message = "unknown function '\(name)'"
      if let suggestion = Self.suggestion(for: name, among: ["rgb", "rgba"]) {
        message += "; did you mean '\(suggestion)'?"
      }
      error(message, at: function)
      return nil
    }
    guard let (arguments, count) = parseArguments(of: function) else { return nil }
    guard count == 3 || count == 4 else {
      reportArity(function, "3 or 4", count)
      return nil
    }
    for component in arguments.prefix(3) where !(0...255).contains(component.number) {
      error(
        "colour component \(component.text) is out of range 0–255 in \(name)(...)", at: component)
      return nil
    }
    let alpha = arguments.count == 4 ? arguments[3] : nil
    if let alpha, !(0...1).contains(alpha.number) {
      error("alpha \(alpha.text) is out of range 0–1 in \(name)(...)", at: alpha)
      return nil
    }
    let n = arguments.map(\.number)
    return .color(
      ThemeColor(red255: n[0], green255: n[1], blue255: n[2], alpha: alpha?.number ?? 1))
  }

  private mutating func parseHex(_ token: ThemeToken) -> ThemeColor? {
    let digits = token.contents
    let values = digits.compactMap { $0.isASCII ? $0.hexDigitValue : nil }
    guard values.count == digits.count, [3, 6, 8].contains(values.count) else {
      error("'\(token.text)' is not a colour: expected '#' and 3, 6 or 8 hex digits", at: token)
      return nil
    }
    let bytes: [Double] =
      values.count == 3
      ? values.map { Double($0 * 17) }
      : stride(from: 0, to: values.count, by: 2).map { Double(values[$0] * 16 + values[$0 + 1]) }
    return ThemeColor(
      red255: bytes[0], green255: bytes[1], blue255: bytes[2],
      alpha: bytes.count == 4 ? bytes[3] / 255 : 1)
  }

  // MARK: Types

  static let booleanNames = ["YES", "NO", "TRUE", "FALSE"]

  /// The Boolean a word stands for, in any case.
  static func boolean(_ word: String) -> Bool? {
    switch word.uppercased() {
    case "YES", "TRUE": true
    case "NO", "FALSE": false
    default: nil
    }
  }

  /// Whether the attribute at `keyPath` is a length that cannot be negative: a height, a
  /// margin, an indentation or `maxTextLabelWidth`. (A border's width is left alone: STV
  /// passed it to the layer as written.)
  static func isLength(_ keyPath: String) -> Bool {
    let last = (keyPath.split(separator: ".").last.map(String.init) ?? keyPath).lowercased()
    return last == "maxtextlabelwidth"
      || ["height", "margin", "indentation"].contains { last.hasSuffix($0) }
  }

  /// The value an attribute of unknown type gets, from how it is written.
  private func inferred(_ shape: Shape) -> ThemeValue {
    switch shape {
    case .string(let text): return .string(text)
    case .image(let name, let insets): return .image(ThemeImage(name: name, capInsets: insets))
    case .number(let number): return .number(number)
    case .color(let color): return .color(color)
    case .font(let name, let size): return .font(ThemeFont(name: name, size: size))
    case .word(let word):
      if let bool = Self.boolean(word) { return .bool(bool) }
      if let color = ThemeColor(named: word) { return .color(color) }
      if let style = ThemeSeparatorStyle(named: word) { return .separatorStyle(style) }
      return .name(word)
    }
  }

  /// The value as `type`, or `nil` after reporting a mismatch or an unknown name.
  private mutating func convert(_ shape: Shape, to type: ThemeAttribute.ValueType) -> ThemeValue? {
    let first = self.first ?? tokens.current
    switch (type, shape) {
    case (.string, .string(let text)):
      return .string(text)
    case (.number, .number(let number)):
      // A height, margin or indentation below zero draws nothing sensible anywhere.
      if number < 0, Self.isLength(keyPath) {
        error("'\(keyPath)' must be 0 or more, found \(first.text)", at: first)
        return nil
      }
      return .number(number)
    case (.bool, .word(let word)):
      if let bool = Self.boolean(word) { return .bool(bool) }
      unknown("Boolean", word, among: Self.booleanNames, at: first)
      return nil
    case (.color, .color(let color)):
      return .color(color)
    case (.color, .string(let image)):
      return .color(ThemeColor(patternImage: image))
    case (.color, .word(let word)):
      if let color = ThemeColor(named: word) { return .color(color) }
      unknown("colour", word, among: ThemeColor.allNames, at: first)
      return nil
    case (.font, .font(let name, let size)):
      guard size > 0, size.isFinite else {
        error("font size must be a number greater than 0", at: tokens.lastTaken)
        return nil
      }
      return .font(ThemeFont(name: name, size: size))
    case (.font, .word(let name)), (.font, .string(let name)):
      error("expected a font size after '\(name)' for '\(keyPath)'", at: tokens.lastTaken)
      return nil
    case (.image, .string(let name)), (.view, .string(let name)):
      return .image(ThemeImage(name: name))
    case (.image, .image(let name, let insets)), (.view, .image(let name, let insets)):
      return .image(ThemeImage(name: name, capInsets: insets))
    case (.separatorStyle, .word(let word)):
      if let style = ThemeSeparatorStyle(named: word) { return .separatorStyle(style) }
      unknown("separator style", word, among: ThemeSeparatorStyle.allNames, at: first)
      return nil
    case (.styleName, .word(let name)), (.styleName, .string(let name)):
      return .name(name)
    default:
      error(
        "expected \(type.displayName) for '\(keyPath)', found \(describe(shape))", at: first)
      return nil
    }
  }

  private mutating func unknown(
    _ what: String, _ word: String, among candidates: [String], at token: ThemeToken
  ) {
    var message = "unknown \(what) '\(word)' for '\(keyPath)'"
    if let suggestion = Self.suggestion(for: word, among: candidates) {
      message += "; did you mean '\(suggestion)'?"
    }
    warning(message, at: token)
  }

  private func describe(_ shape: Shape) -> String {
    switch shape {
    case .string: "a string"
    case .image: "an image with cap insets"
    case .number: "a number"
    case .color: "a colour"
    case .word(let word): "'\(word)'"
    case .font: "a font"
    }
  }
}
