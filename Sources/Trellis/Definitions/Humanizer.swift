import Foundation

/// Turns property names into titles a person reads: `dueDate` → "Due Date",
/// `first_name` → "First Name", `URLString` → "URL String"; the empty name → `""`.
public enum Humanizer {
  /// The title for a property name.
  public static func title(for name: String) -> String {
    let trimmed = name.hasPrefix("~") ? String(name.dropFirst()) : name
    var words: [String] = []
    var current = ""
    let characters = Array(trimmed)
    for (index, character) in characters.enumerated() {
      if character == "_" || character == "-" || character == " " || character == "." {
        if !current.isEmpty { words.append(current) }
        current = ""
        continue
      }
      if character.isUppercase, !current.isEmpty {
        let previous = characters[index - 1]
        let next = index + 1 < characters.count ? characters[index + 1] : nil
        // A new word starts at an upper-case letter after a lower-case one, or at the last
        // capital of an acronym followed by a lower-case letter ("URLString").
        if previous.isLowercase || previous.isNumber
          || (previous.isUppercase && next?.isLowercase == true)
        {
          words.append(current)
          current = ""
        }
      }
      current.append(character)
    }
    if !current.isEmpty { words.append(current) }
    // A name of separators alone (a document's key `_`, or the empty key) is shown as it is,
    // so that its row is not left without a label.
    guard !words.isEmpty else { return trimmed.isEmpty ? "\"\"" : trimmed }
    return words.map { word in
      word.allSatisfy(\.isUppercase) && word.count > 1
        ? word : word.prefix(1).uppercased() + word.dropFirst()
    }.joined(separator: " ")
  }
}
