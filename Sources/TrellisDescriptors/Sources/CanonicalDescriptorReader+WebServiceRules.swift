import Foundation
import Trellis
import TrellisPredicates

/// A `webService` source's `rules` and `credential`: what a form checks before it sends, and
/// where a secret from the environment goes.
extension CanonicalDescriptorReader {
  /// `{"KEY": {"required": true, "maxLength": 100, ...}}`, each rule checked for its shape.
  func webServiceRules(_ node: DescriptorNode, _ name: String) -> Value? {
    guard let child = node.dictionary(name), let entries = child.value.dictionaryValue else {
      return nil
    }
    var result: [(String, Value)] = []
    for entry in entries {
      guard let rules = child.dictionary(entry.key) else { continue }
      rules.checkKeys(Settings.ruleNames, in: "the rules of '\(entry.key)'")
      var kept: [(String, Value)] = []
      for flag in ["required", "readOnly", "exclusiveMinimum", "exclusiveMaximum"] {
        if let value = rules.bool(flag) { kept.append((flag, .bool(value))) }
      }
      for bound in ["minimum", "maximum"] {
        if let value = rules.number(bound) { kept.append((bound, .double(value))) }
      }
      for count in ["minLength", "maxLength"] {
        guard let value = rules.integer(count) else { continue }
        if value < 0 {
          reading.error("'\(count)' must be 0 or more, not \(value)", at: rules.path(count))
        } else {
          kept.append((count, .int(value)))
        }
      }
      // Bounds no value can keep would refuse every Done.
      if let low = rules.number("minimum"), let high = rules.number("maximum"),
        low > high
          || (low == high
            && (rules.bool("exclusiveMinimum") == true
              || rules.bool("exclusiveMaximum") == true))
      {
        reading.error(
          "no number is within 'minimum' \(Value.format(low)) and 'maximum' "
            + "\(Value.format(high))",
          at: rules.path("minimum"))
      }
      if let low = rules.integer("minLength"), let high = rules.integer("maxLength"), low > high {
        reading.error(
          "'minLength' \(low) is more than 'maxLength' \(high): no text is long enough and short "
            + "enough", at: rules.path("minLength"))
      }
      if let pattern = rules.string("pattern") {
        if (try? Regex(pattern)) == nil {
          reading.error(
            "'\(pattern)' is not a regular expression", at: rules.path("pattern"))
        } else {
          do {
            _ = try PredicateRegex.compile(pattern)
            kept.append(("pattern", .string(pattern)))
          } catch {
            reading.error("'\(pattern)' is not checked: \(error.reason)", at: rules.path("pattern"))
          }
        }
      }
      if let format = rules.string("format") {
        if Settings.formatNames.contains(format) {
          kept.append(("format", .string(format)))
        } else {
          reading.error(
            "'\(format)' is not a format a rule checks; expected one of "
              + Settings.formatNames.joined(separator: ", "), at: rules.path("format"))
        }
      }
      if let choices = rules.list("choices") {
        let values = choices.map(\.value).filter { value in
          switch value {
          case .string, .int, .double, .bool: true
          default: false
          }
        }
        if values.count != choices.count {
          reading.error(
            "'choices' holds texts, numbers and Booleans only", at: rules.path("choices"))
        }
        kept.append(("choices", .array(values)))
      }
      result.append((entry.key, .dictionary(ValueDictionary(kept))))
    }
    return .dictionary(ValueDictionary(result))
  }

  /// `{"variable": "TRELLIS_TOKEN", "scheme": "bearer"}`, or `"header": NAME` or
  /// `"query": NAME` instead of `scheme`.
  func webServiceCredential(_ node: DescriptorNode, _ name: String) -> Value? {
    guard let child = node.dictionary(name) else { return nil }
    child.checkKeys(["variable", "scheme", "header", "query"], in: "'\(name)'")
    guard child.require("variable", in: "'\(name)'"), let variable = child.string("variable")
    else { return nil }
    let places = ["scheme", "header", "query"].filter { child.has($0) }
    guard places.count == 1, let place = places.first, let text = child.string(place) else {
      if places.count != 1 {
        reading.error("'\(name)' needs one of 'scheme', 'header' or 'query'", at: child.path)
      }
      return nil
    }
    if place == "scheme", text != "bearer" {
      reading.error("the only scheme is \"bearer\", not \"\(text)\"", at: child.path("scheme"))
      return nil
    }
    return .dictionary(ValueDictionary([("variable", .string(variable)), (place, .string(text))]))
  }
}
