import TrellisValues

extension PropertyNamesParser {
  /// Checks that `text` is a key path (`name`, `owner.name`, `steps.0.title`, `steps.@count`)
  /// and makes it a name, or reports the first problem at its character.
  mutating func keyPathItem(_ text: ScannedText, inGroup: Bool) -> PropertyName? {
    if let escape = text.escapes.first {
      report(
        "a property name cannot contain '\\'; escapes are for headers, footers and custom names",
        at: escape)
      return nil
    }
    let shown = text.value
    var keyStart = text.start
    for offset in text.start...text.end {
      if offset < text.end, scalars[offset] != "." {
        let character = scalars[offset]
        if Self.isWhitespace(character) {
          var message = "the property name '\(shown)' contains whitespace; a custom row's name "
          message +=
            inGroup ? "starts with '~'" : "starts with '~', a group is written 'Header:(names)'"
          report(message, at: offset)
          return nil
        }
        if character == "," {
          report(Self.commaOutsideGroup, at: offset)
          return nil
        }
        continue
      }
      if offset == keyStart {
        let side = offset == text.end ? "after" : "before"
        report("expected a key \(side) '.' in '\(shown)'", at: offset)
        return nil
      }
      if let (message, at) = keyProblem(keyStart..<offset, in: shown) {
        report(message, at: at)
        return nil
      }
      keyStart = offset + 1
    }
    return PropertyName(name: shown, location: location(at: text.start))
  }

  /// What is wrong with the key at `range`, and where, if anything.
  private func keyProblem(_ range: Range<Int>, in name: String) -> (String, Int)? {
    var key = ""
    key.unicodeScalars.append(contentsOf: scalars[range])
    let first = scalars[range.lowerBound]
    if first == "@" {
      if key == "@count" { return nil }
      return (
        "unknown operator '\(key)' in '\(name)'; only '@count' is supported", range.lowerBound
      )
    }
    if Self.isDigit(first) {
      if scalars[range].allSatisfy(Self.isDigit) { return nil }
      return (
        "the key '\(key)' in '\(name)' starts with a digit; a key starts with a letter or '_', "
          + "or is an array index", range.lowerBound
      )
    }
    for offset in range {
      let character = scalars[offset]
      let allowed =
        offset == range.lowerBound
        ? Self.canStartKey(character) : Self.canContinueKey(character)
      if !allowed {
        return ("unexpected '\(character)' in the property name '\(name)'", offset)
      }
    }
    return nil
  }

  static func isDigit(_ scalar: Unicode.Scalar) -> Bool { ("0"..."9").contains(scalar) }

  /// A letter or `_`.
  static func canStartKey(_ scalar: Unicode.Scalar) -> Bool {
    scalar == "_" || scalar.properties.isAlphabetic
  }

  /// A letter, digit, `_`, or a combining mark (so that decomposed accents are accepted).
  static func canContinueKey(_ scalar: Unicode.Scalar) -> Bool {
    if canStartKey(scalar) || scalar.properties.numericType != nil { return true }
    switch scalar.properties.generalCategory {
    case .nonspacingMark, .spacingMark, .enclosingMark, .connectorPunctuation: return true
    default: return false
    }
  }
}
