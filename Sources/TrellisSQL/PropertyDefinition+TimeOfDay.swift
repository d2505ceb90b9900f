import Trellis

extension PropertyDefinition {
  /// Marks the property as a time of day kept as text, as a `TIME` column or a `format: time`
  /// field holds one: hosts pick it with a time picker, and an empty field asks for `hh:mm`
  /// unless it has a placeholder of its own.
  package mutating func holdTimeOfDay() {
    attributes.holdsTimeOfDay = true
    attributes.placeholder = attributes.placeholder ?? "hh:mm"
  }
}
