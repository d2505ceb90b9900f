import TrellisValues

/// The canonical text of a predicate: what ``Predicate/description`` prints, and what parses
/// back to the same predicate.
///
/// Keywords are upper-case, operators use their first spelling (`==`, `!=`, `<=`, `>=`, AND, OR,
/// NOT), strings are double-quoted, and parentheses appear only where precedence needs them.
extension PredicateNode {
  var text: String {
    switch self {
    case .constant(let value): return value ? "TRUEPREDICATE" : "FALSEPREDICATE"
    case .not(let operand):
      switch operand {
      case .and, .or: return "NOT (\(operand.text))"
      default: return "NOT \(operand.text)"
      }
    case .and(let operands):
      return operands.map { operand in
        if case .or = operand { return "(\(operand.text))" }
        return operand.text
      }.joined(separator: " AND ")
    case .or(let operands):
      return operands.map { operand in
        if case .or = operand { return "(\(operand.text))" }
        return operand.text
      }.joined(separator: " OR ")
    case .comparison(let comparison):
      return comparison.text
    }
  }
}

extension PredicateComparison {
  var text: String {
    let prefix = quantifier.map { $0.rawValue + " " } ?? ""
    return "\(prefix)\(left.text) \(op.rawValue)\(options.modifierText) \(right.text)"
  }
}

extension PredicateOperand {
  package var text: String {
    switch self {
    case .keyPath(let path): return Self.keyPathText(path)
    case .evaluatedValue: return "SELF"
    case .variable(let name): return "$" + name
    case .literal(let value): return Self.literalText(value)
    case .aggregate(let elements): return "{" + elements.map(\.text).joined(separator: ", ") + "}"
    }
  }

  /// A key path as written: `#` before a first key that is a reserved word, `SELF.` before a
  /// first key that is an index.
  static func keyPathText(_ path: String) -> String {
    let first = path.prefix { $0 != "." }
    if PredicateParser.reservedWords.contains(first.uppercased()) { return "#" + path }
    if let initial = first.unicodeScalars.first, ("0"..."9").contains(initial) {
      return "SELF." + path
    }
    return path
  }

  /// A constant as written.
  static func literalText(_ value: Value) -> String {
    switch value {
    case .null: return "nil"
    case .bool(let flag): return flag ? "TRUE" : "FALSE"
    case .int(let number): return String(number)
    case .double(let number):
      let text = "\(number)"
      return text.contains(where: { $0 == "." || $0 == "e" || $0 == "n" || $0 == "i" })
        ? text : text + ".0"
    case .string(let text): return quotedString(text)
    case .date(let date): return PredicateDate.literal(date)
    case .array(let elements):
      return "{" + elements.map(literalText).joined(separator: ", ") + "}"
    case .data(let data): return "<\(data.count) bytes>"
    case .dictionary: return "<dictionary>"
    case .object(let reference): return reference.description
    }
  }

  /// `text` in double quotes, with `\`, `"` and control characters escaped.
  static func quotedString(_ text: String) -> String {
    var result = "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\\": result += "\\\\"
      case "\"": result += "\\\""
      case "\n": result += "\\n"
      case "\t": result += "\\t"
      case "\r": result += "\\r"
      case "\0": result += "\\0"
      default:
        if scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value) {
          result += "\\u{" + String(scalar.value, radix: 16) + "}"
        } else {
          result.unicodeScalars.append(scalar)
        }
      }
    }
    return result + "\""
  }
}
