import Trellis
import TrellisSQL

extension DataDefinition {
  /// The definition with a `webService` source's `rules` laid over its properties: required
  /// ones, read-only ones (shown, not edited), choices (a selection), times of day (picked with
  /// a time picker), and the checks a value must pass before a form sends it, each failing with
  /// a message on its field.
  func applyingRules(_ rules: Value?) -> DataDefinition {
    guard let entries = rules?.dictionaryValue else { return self }
    var definition = self
    for entry in entries {
      guard var property = definition[entry.key], let rules = entry.value.dictionaryValue else {
        continue
      }
      if rules["required"] == .bool(true) { property.isRequired = true }
      if rules["readOnly"] == .bool(true) {
        property.enabledWhen = Condition("read-only") { _ in false }
      }
      if let choices = rules["choices"]?.arrayValue, !choices.isEmpty {
        property.attributes.items = choices
        property.attributes.allowsNoSelection = rules["required"] != .bool(true)
      }
      // An address is typed on its own keyboard, as written: not capitalised, not corrected.
      let keyboards: [String: RowAttributes.Keyboard] = ["email": .emailAddress, "uri": .url]
      if let keyboard = rules["format"]?.stringValue.flatMap({ keyboards[$0] }) {
        property.attributes.keyboard = keyboard
        property.attributes.autocapitalization = .none
        property.attributes.autocorrects = false
      }
      let checks = Self.checks(rules)
      if checks.contains(.timeOfDay) { property.holdTimeOfDay() }
      if !checks.isEmpty {
        let title = property.title
        property.actions.valueIsValid = { value, _ in
          checks.lazy.compactMap { $0.problem(with: value, title: title) }.first
        }
      }
      definition[entry.key] = property
    }
    return definition
  }

  /// The checks of one key's rules, as a database column's are checked.
  static func checks(_ rules: ValueDictionary) -> [ColumnCheck] {
    var checks: [ColumnCheck] = []
    if let bound = rules["minimum"]?.doubleValue {
      checks.append(.minimum(bound, inclusive: rules["exclusiveMinimum"] != .bool(true)))
    }
    if let bound = rules["maximum"]?.doubleValue {
      checks.append(.maximum(bound, inclusive: rules["exclusiveMaximum"] != .bool(true)))
    }
    if let count = rules["minLength"]?.intValue { checks.append(.minLength(count)) }
    if let count = rules["maxLength"]?.intValue { checks.append(.maxLength(count)) }
    if let pattern = rules["pattern"]?.stringValue { checks.append(.pattern(pattern)) }
    if let format = rules["format"]?.stringValue { checks.append(.format(format)) }
    if let choices = rules["choices"]?.arrayValue, !choices.isEmpty {
      checks.append(.oneOf(choices))
    }
    return checks
  }
}
