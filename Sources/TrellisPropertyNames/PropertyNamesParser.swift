import TrellisValues

/// The reader behind ``PropertyNamesString/parse(_:file:)``: one pass over the string, with
/// recovery at `;`, `,` and `)` so that every problem in the string is reported.
///
/// It reads Unicode scalars, so that a combining mark after `;` or `~` cannot hide it inside a
/// character; locations count characters, as ``SourceLocation`` does.
struct PropertyNamesParser {
  /// The characters that end an ungrouped entry's text.
  private static let entryStops: Set<Unicode.Scalar> = [";", ":", "(", ")"]
  /// The characters that end a name inside a group, or a custom name anywhere.
  private static let itemStops: Set<Unicode.Scalar> = [";", ":", "(", ")", ","]

  let scalars: [Unicode.Scalar]
  private let file: String?
  /// The line and column of each scalar offset, and of the end.
  private let places: [(line: Int32, column: Int32)]
  /// Whether the string has more than one line.
  private let isMultiline: Bool
  private var position = 0
  /// The problems found, in order.
  private(set) var diagnostics: [Diagnostic] = []
  /// The groups read, including what could be read around errors.
  private(set) var groups: [PropertyGroup] = []
  /// The index in `groups` of the section of ungrouped items that the last entry added to.
  private var looseGroup: Int?
  /// Where each name (by ``PropertyName/key``) was first listed.
  private var firstSeen: [String: SourceLocation] = [:]

  /// Prepares to read `text`.
  init(_ text: String, file: String?) {
    scalars = Array(text.unicodeScalars)
    self.file = file
    var places: [(line: Int32, column: Int32)] = []
    places.reserveCapacity(scalars.count + 1)
    var line: Int32 = 1
    var column: Int32 = 1
    for character in text {
      for _ in character.unicodeScalars { places.append((line, column)) }
      if character == "\n" || character == "\r\n" {
        line += 1
        column = 1
      } else {
        column += 1
      }
    }
    places.append((line, column))
    self.places = places
    isMultiline = line > 1
  }

  /// Reads the whole string, filling ``groups`` and ``diagnostics``.
  mutating func parse() {
    skipWhitespace()
    while !atEnd {
      parseEntry()
      skipWhitespace()
      guard let character = current else { return }
      if character == ";" {
        position += 1
        skipWhitespace()
      } else {
        report("expected ';' between entries, found '\(character)'", at: position)
        skip(to: [";"])
      }
    }
  }

  // MARK: Entries and groups

  /// Reads one entry: a group, an ungrouped name or an ungrouped custom name.
  private mutating func parseEntry() {
    if current == "~" {
      let item = parseCustom()
      switch current {
      case ",":
        report(Self.commaOutsideGroup, at: position)
      case ":", "(":
        let name = item.map { $0.name } ?? ""
        report(
          "unexpected '\(current ?? " ")' after the custom name '~\(name)'; a header that starts "
            + "with '~' is written '\\~'", at: position)
      case ")":
        report("unexpected ')' with no group open", at: position)
      default:
        if let item { addLoose(item) }
        return
      }
      skip(to: [";"])
      return
    }
    let text = scanText(stoppingAt: Self.entryStops)
    switch current {
    case ":":
      position += 1
      parseGroup(header: text)
    case "(":
      if text.isEmpty {
        report(
          "expected ':' before '('; a group without a header is written ':(...)'", at: position)
      } else {
        report("expected ':' between the header '\(text.value)' and '('", at: position)
      }
      parseGroup(header: text)
    case ")":
      report("unexpected ')' with no group open", at: position)
      skip(to: [";"])
    default:
      if text.isEmpty {
        // At the end, only a dangling '\' leaves no text, and it has been reported.
        if !atEnd { report("expected a property name or a group before ';'", at: position) }
      } else if let item = keyPathItem(text, inGroup: false) {
        addLoose(item)
      }
    }
  }

  /// Reads a group after its header's `:`: the names in parentheses and an optional footer.
  private mutating func parseGroup(header: ScannedText) {
    skipWhitespace()
    guard current == "(" else {
      let found = current.map { "found '\($0)'" } ?? "found the end"
      report("expected '(' after ':' to open the group's names, \(found)", at: position)
      skip(to: [";"])
      return
    }
    let open = position
    position += 1
    var names: [PropertyName] = []
    var closed = false
    var sawItem = false
    var afterComma = false
    while true {
      skipWhitespace()
      guard let character = current, character != ";" else {
        report("expected ')' to close the group opened at \(place(of: open))", at: position)
        break
      }
      if character == ")" {
        if afterComma {
          report("expected a property name after ','", at: position)
        } else if !sawItem {
          let label = header.isEmpty ? "the group" : "the group '\(header.value)'"
          report("\(label) lists no properties", at: open)
        }
        position += 1
        closed = true
        break
      }
      if character == "," {
        report("expected a property name before ','", at: position)
        position += 1
        afterComma = true
        continue
      }
      sawItem = true
      afterComma = false
      parseGroupItem(into: &names)
      skipWhitespace()
      if current == "," {
        position += 1
        afterComma = true
      }
    }
    var footer: String?
    if closed {
      skipWhitespace()
      if current == ":" {
        position += 1
        footer = parseFooter()
      }
    }
    groups.append(
      PropertyGroup(header: header.isEmpty ? nil : header.value, footer: footer, names: names))
    looseGroup = nil
  }

  /// Reads one name inside a group and anything wrongly attached to it.
  private mutating func parseGroupItem(into names: inout [PropertyName]) {
    let isCustom = current == "~"
    var shown = ""
    if isCustom {
      let item = parseCustom()
      shown = "~" + (item?.name ?? "")
      if let item, register(item) { names.append(item) }
    } else {
      let text = scanText(stoppingAt: Self.itemStops)
      if text.isEmpty {
        let found = current.map { "'\($0)'" } ?? "the end"
        report("expected a property name, found \(found)", at: position)
        skip(to: [",", ")", ";"])
        return
      }
      shown = text.value
      if let item = keyPathItem(text, inGroup: true), register(item) { names.append(item) }
    }
    skipWhitespace()
    guard let character = current, character == ":" || character == "(" else { return }
    if isCustom {
      report(
        "unexpected '\(character)' in the custom name '\(shown)'; write '\\\(character)' for a "
          + "literal '\(character)'", at: position)
    } else {
      report("expected ',' or ')' after '\(shown)', found '\(character)'", at: position)
    }
    if character == "(" {
      skip(to: [")", ";"])
      if current == ")" { position += 1 }
    }
    skip(to: [",", ")", ";"])
  }

  /// Reads a custom name, starting at its `~`.
  private mutating func parseCustom() -> PropertyName? {
    let tilde = position
    position += 1
    let text = scanText(stoppingAt: Self.itemStops)
    guard !text.isEmpty else {
      report("expected a custom name after '~'", at: tilde + 1)
      return nil
    }
    return PropertyName(name: text.value, isCustom: true, location: location(at: tilde))
  }

  /// Reads a footer after its `:`, up to the next `;`.
  private mutating func parseFooter() -> String? {
    let colon = position - 1
    let text = scanText(stoppingAt: [";"])
    guard !text.isEmpty else {
      report("expected a footer after ':'", at: colon + 1)
      return nil
    }
    var offset = text.start
    while offset < text.end {
      if scalars[offset] == "\\" {
        offset += 2
        continue
      }
      if scalars[offset] == ":" {
        var next = offset + 1
        while next < text.end, Self.isWhitespace(scalars[next]) { next += 1 }
        if next < text.end, scalars[next] == "(" {
          report(
            "a footer cannot contain ':(' (is a ';' missing before the next group?); write "
              + "'\\:' for a literal ':'", at: offset)
          return nil
        }
      }
      offset += 1
    }
    return text.value
  }

  /// Adds an ungrouped item to the current section of ungrouped items, or starts one.
  private mutating func addLoose(_ item: PropertyName) {
    guard register(item) else { return }
    if let looseGroup {
      groups[looseGroup].names.append(item)
    } else {
      groups.append(PropertyGroup(names: [item]))
      looseGroup = groups.count - 1
    }
  }

  /// Records a name, or reports it as listed twice.
  private mutating func register(_ item: PropertyName) -> Bool {
    if let first = firstSeen[item.key] {
      report(
        "'\(item.key)' is listed twice (first at \(first.line):\(first.column))",
        at: item.location ?? location(at: 0))
      return false
    }
    firstSeen[item.key] = item.location ?? location(at: 0)
    return true
  }
}

extension PropertyNamesParser {
  static let commaOutsideGroup =
    "',' separates names only inside a group's parentheses; use ';' between ungrouped names"

  // MARK: Text

  /// A run of text: its value with escapes resolved and whitespace trimmed and collapsed, and
  /// where its significant characters are.
  struct ScannedText {
    var value = ""
    /// The offset of the first significant character.
    var start: Int
    /// The offset after the last significant character.
    var end: Int
    /// The offsets of the backslashes of escapes.
    var escapes: [Int] = []
    var isEmpty: Bool { value.isEmpty }
  }

  /// Reads text up to an unescaped character of `stops` or the end, without consuming it.
  mutating func scanText(stoppingAt stops: Set<Unicode.Scalar>) -> ScannedText {
    skipWhitespace()
    var text = ScannedText(start: position, end: position)
    var pendingSpace = false
    while let character = current {
      if character == "\\" {
        guard position + 1 < scalars.count else {
          report("expected a character after '\\'", at: position + 1)
          position += 1
          break
        }
        if pendingSpace { text.value.append(" ") }
        pendingSpace = false
        text.value.unicodeScalars.append(scalars[position + 1])
        text.escapes.append(position)
        position += 2
        text.end = position
      } else if stops.contains(character) {
        break
      } else if Self.isWhitespace(character) {
        pendingSpace = true
        position += 1
      } else {
        if pendingSpace { text.value.append(" ") }
        pendingSpace = false
        text.value.unicodeScalars.append(character)
        position += 1
        text.end = position
      }
    }
    return text
  }

  /// Moves to the next unescaped character of `stops`, or the end.
  mutating func skip(to stops: Set<Unicode.Scalar>) {
    while let character = current, !stops.contains(character) {
      position += character == "\\" ? 2 : 1
    }
    position = min(position, scalars.count)
  }

  mutating func skipWhitespace() {
    while let character = current, Self.isWhitespace(character) { position += 1 }
  }

  var current: Unicode.Scalar? { position < scalars.count ? scalars[position] : nil }
  var atEnd: Bool { position >= scalars.count }

  /// Whether `scalar` is whitespace: spaces, tabs and line breaks.
  static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool { scalar.properties.isWhitespace }

  // MARK: Locations and reports

  /// The line and column of the scalar at `offset`.
  func location(at offset: Int) -> SourceLocation {
    let place = places[min(max(offset, 0), places.count - 1)]
    return SourceLocation(file: file, line: Int(place.line), column: Int(place.column))
  }

  /// "column 14", or "line 2, column 3" when the string has more than one line.
  func place(of offset: Int) -> String {
    let location = location(at: offset)
    if !isMultiline { return "column \(location.column)" }
    return "line \(location.line), column \(location.column)"
  }

  mutating func report(_ message: String, at offset: Int) {
    report(message, at: location(at: offset))
  }

  mutating func report(_ message: String, at location: SourceLocation) {
    diagnostics.append(Diagnostic(message, at: location))
  }
}
