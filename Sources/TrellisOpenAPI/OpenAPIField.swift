import Foundation
import OpenAPIKit
import Trellis
import TrellisPredicates

/// One property of a resource's objects, as a form shows it: its control (from the schema's
/// type and format), whether it may be empty, and the rules a value must keep before it is
/// sent.
package struct OpenAPIField: Hashable, Sendable {
  /// The property's name, which is the form's key.
  package var name: String
  /// The web service's value kind: `string`, `int`, `double`, `bool` or `date`.
  package var kind: String
  /// How the JSON value is read and written (`iso8601Date`, `iso8601Day`), if not as is.
  package var conversion: String?
  /// Whether the value may be missing (`null`, or left out).
  package var isOptional: Bool
  /// The rules of a `rules` entry of a `webService` source: `required`, `readOnly`,
  /// `choices`, `minimum`, `maximum`, `exclusiveMinimum`, `exclusiveMaximum`, `minLength`,
  /// `maxLength`, `pattern`, `format`.
  package var rules: ValueDictionary
  /// What the schema asks that no value could keep, in words, each left out of ``rules``:
  /// `"'age': minimum 10 is above maximum 5, so the bounds are left out"`.
  package var problems: [String] = []

  /// Whether the service sets the value and a form only shows it.
  package var isReadOnly: Bool { rules["readOnly"] == .bool(true) }

  /// A field with every part given.
  package init(
    name: String, kind: String, conversion: String? = nil, isOptional: Bool, rules: ValueDictionary
  ) {
    self.name = name
    self.kind = kind
    self.conversion = conversion
    self.isOptional = isOptional
    self.rules = rules
  }

  /// The field of property `name`, whose schema is `schema`; `nil` for a property a form
  /// cannot edit as one value (an object, an array) or whose name cannot be a key.
  package init?(name: String, schema: DereferencedJSONSchema, isRequired: Bool) {
    guard Self.isKey(name) else { return nil }
    var nullable = schema.nullable
    var schema = schema
    // `type: [T, "null"]`, or `oneOf`/`anyOf` one type and null: the one type, nullable.
    switch schema {
    case .one(let options, _), .any(let options, _):
      let kept = options.filter { if case .null = $0 { return false } else { return true } }
      guard kept.count == 1, let only = kept.first else { return nil }
      nullable = nullable || kept.count < options.count
      schema = only
    case .all(let parts, _) where parts.count == 1:
      schema = parts[0]
    default: break
    }
    self.name = name
    var rules: ValueDictionary = [:]
    switch schema {
    case .string(let core, let context):
      switch core.formatString {
      case "date":
        kind = "date"
        conversion = "iso8601Day"
      case "date-time":
        kind = "date"
        conversion = "iso8601Date"
      default:
        kind = "string"
        conversion = nil
        if let format = core.formatString, ["email", "uri", "url", "time"].contains(format) {
          rules["format"] = .string(format == "url" ? "uri" : format)
        }
      }
      if kind == "string" {
        if context.minLength > 0 { rules["minLength"] = .int(context.minLength) }
        if let maxLength = context.maxLength { rules["maxLength"] = .int(maxLength) }
        if let pattern = context.pattern { rules["pattern"] = .string(pattern) }
      }
    case .integer(_, let context):
      kind = "int"
      conversion = nil
      if let bound = context.minimum {
        rules["minimum"] = .double(Double(bound.value))
        if bound.exclusive { rules["exclusiveMinimum"] = true }
      }
      if let bound = context.maximum {
        rules["maximum"] = .double(Double(bound.value))
        if bound.exclusive { rules["exclusiveMaximum"] = true }
      }
    case .number(_, let context):
      kind = "double"
      conversion = nil
      if let bound = context.minimum {
        rules["minimum"] = .double(bound.value)
        if bound.exclusive { rules["exclusiveMinimum"] = true }
      }
      if let bound = context.maximum {
        rules["maximum"] = .double(bound.value)
        if bound.exclusive { rules["exclusiveMaximum"] = true }
      }
    case .boolean:
      kind = "bool"
      conversion = nil
    default:
      return nil
    }
    if schema.allowedValues?.isEmpty == true {
      problems.append("'\(name)': its enum lists no value, so any text is taken")
    }
    if let allowed = schema.allowedValues, !allowed.isEmpty {
      let choices = allowed.compactMap { Self.value($0.value) }.filter { $0 != .null }
      if !choices.isEmpty {
        rules["choices"] = .array(Array(choices.prefix(OpenAPIResource.maximumChoices)))
        nullable = nullable || allowed.contains { Self.value($0.value) == .null }
      }
    }
    problems += Self.leavingOutImpossibleRules(&rules, of: name)
    if schema.readOnly { rules["readOnly"] = true }
    // A Boolean always has a value (a switch is on or off); required says nothing more.
    if isRequired && !schema.readOnly && kind != "bool" { rules["required"] = true }
    isOptional = nullable || !isRequired || schema.readOnly
    self.rules = rules
  }

  /// Takes out of `rules` the bounds and lengths no value can keep, which would refuse every
  /// Done; returns what was taken out, in words.
  static func leavingOutImpossibleRules(_ rules: inout ValueDictionary, of name: String)
    -> [String]
  {
    var problems: [String] = []
    if case .double(let low)? = rules["minimum"], case .double(let high)? = rules["maximum"],
      low > high
        || (low == high && (rules["exclusiveMinimum"] != nil || rules["exclusiveMaximum"] != nil))
    {
      for rule in ["minimum", "maximum", "exclusiveMinimum", "exclusiveMaximum"] {
        rules[rule] = nil
      }
      problems.append(
        "'\(name)': no number is within minimum \(Value.format(low)) and maximum "
          + "\(Value.format(high)), so the bounds are left out")
    }
    if case .int(let low)? = rules["minLength"], case .int(let high)? = rules["maxLength"],
      low > high
    {
      rules["minLength"] = nil
      rules["maxLength"] = nil
      problems.append(
        "'\(name)': minLength \(low) is more than maxLength \(high), so the lengths are left out")
    }
    if case .string(let pattern)? = rules["pattern"] {
      do {
        _ = try PredicateRegex.compile(pattern)
      } catch {
        rules["pattern"] = nil
        problems.append(
          (try? Regex(pattern)) == nil
            ? "'\(name)': its pattern is not a regular expression, so it is left out"
            : "'\(name)': its pattern is left out: \(error.reason)")
      }
    }
    return problems
  }

  /// The value kind a `valueKinds` entry names: the kind, with `?` when it may be missing.
  package var valueKind: String { kind == "bool" || !isOptional ? kind : kind + "?" }

  /// Whether `name` can be a form's key: letters, digits and `_`, not starting with a digit.
  static func isKey(_ name: String) -> Bool {
    !name.isEmpty && name.count <= 200
      && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") }
      && !(name.first?.isNumber ?? true)
  }

  /// An `enum` entry as a value; `nil` for a list or an object.
  static func value(_ any: Any) -> Value? {
    switch any {
    case let text as String: .string(String(text.prefix(200)))
    case let flag as Bool: .bool(flag)
    case let number as Int: .int(number)
    case let number as Double: number.isFinite ? .double(number) : nil
    case is Void, is NSNull: .null
    default: nil
    }
  }
}
