/// What a person entered in a row's control, before it becomes a ``Value``.
///
/// Every host receives input in one of these shapes (a web page sends JSON strings, numbers and
/// booleans; a terminal sends typed text; UIKit controls give text, numbers and flags). The core
/// turns it into the value the row's kind expects with ``RowSnapshot/value(for:)``, so that every
/// host converts input the same way.
public enum ControlInput: Sendable, Hashable {
  /// Text typed into a field.
  case text(String)
  /// A number from a numeric control (a slider, a stepper, a segment index).
  case number(Double)
  /// A flag from a switch or a checkbox.
  case bool(Bool)
  /// No value: a cleared field or date.
  case none
}
