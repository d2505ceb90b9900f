import TrellisValues

extension Array where Element == PropertyGroup {
  /// Checks the property names against the names a data definition knows; see
  /// ``PropertyNamesString/validate(_:against:)``.
  public func validate(against knownNames: [String]) -> [Diagnostic] {
    let known = Set(knownNames)
    var diagnostics: [Diagnostic] = []
    for spec in flatMap(\.names) where !spec.isCustom && !known.contains(spec.name) {
      let first = spec.name.split(separator: ".", maxSplits: 1).first.map(String.init) ?? spec.name
      if first != spec.name && known.contains(first) { continue }
      let suggestion = NameSuggestion.closest(to: first, among: knownNames)
      var message = "unknown property '\(first)'"
      if first != spec.name { message += " in '\(spec.name)'" }
      if let suggestion { message += " (did you mean '\(suggestion)'?)" }
      diagnostics.append(Diagnostic(message, at: spec.location))
    }
    return diagnostics
  }
}
