import Trellis

/// The check the examples' email fields make: text that reads as one address
/// (`name@example.com`), or nothing.
public enum EmailAddress {
  /// Why `value` is not an address, or `nil` when it is one or is empty.
  public static func problem(with value: Value) -> String? {
    guard let text = value.stringValue, !text.isEmpty else { return nil }
    let parts = text.split(separator: "@", omittingEmptySubsequences: false)
    let readable =
      parts.count == 2 && !parts[0].isEmpty && parts[1].contains(".")
      && !parts[1].hasPrefix(".") && !parts[1].hasSuffix(".")
      && !text.contains(where: \.isWhitespace)
    return readable ? nil : "“\(text)” is not an email address (name@example.com)"
  }

  /// Makes `property` of `definition` check its text as an address.
  public static func check(_ property: String, of definition: inout DataDefinition) {
    definition[property]?.actions.valueIsValid = { value, _ in problem(with: value) }
  }
}
