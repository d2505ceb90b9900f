extension PropertyNamesParser {
  /// Checks that `text` is a key path (`name`, `owner.name`, `steps.0.title`, `steps.@count`)
  /// and makes it a name, or reports the first problem at its character.
  mutating func keyPathItem(_ text: ScannedText, inGroup: Bool) -> PropertyNameSpec? {
    if let escape = text.escapes.first {
      report(
        "a property name cannot contain '\\'; escapes are for headers, footers and custom names",
        at: escape)
      return nil
    }
    let shown = text.value
    var keyStart = text.start
    for offset in text.start...text.end {
      if offset < text.end, characters[offset] != "." {
        let character = characters[offset]
        if character.isWhitespace {
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
    return PropertyNameSpec(name: shown, location: location(at: text.start))
  }

  /// What is wrong with the key at `range`, and where, if anything.
  private func keyProblem(_ range: Range<Int>, in name: String) -> (String, Int)? {
    let key = String(range.map { characters[$0] })
    let first = characters[range.lowerBound]
    if first == "@" {
      if key == "@count" { return nil }
      return (
        "unknown operator '\(key)' in '\(name)'; only '@count' is supported", range.lowerBound
      )
    }
    if first.isASCII && first.isWholeNumber {
      if key.allSatisfy({ $0.isASCII && $0.isWholeNumber }) { return nil }
      return (
        "the key '\(key)' in '\(name)' starts with a digit; a key starts with a letter or '_', "
          + "or is an array index", range.lowerBound
      )
    }
    for offset in range {
      let character = characters[offset]
      let allowed =
        character.isLetter || character == "_"
        || (offset > range.lowerBound && character.isNumber)
      if !allowed {
        return ("unexpected '\(character)' in the property name '\(name)'", offset)
      }
    }
    return nil
  }
}
