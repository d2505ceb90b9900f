import TrellisValues

/// The names string: which properties a definition shows, grouped into sections.
///
/// ```
/// Task Details:(name,description):Saved automatically;Task Status:(completed);Actions:(~Delete Task)
/// ```
///
/// makes three sections: "Task Details" with rows for `name` and `description` and a footer,
/// "Task Status" with `completed`, and "Actions" with a custom row called "Delete Task".
///
/// ## Grammar
///
/// ```
/// names     = [ entry { ";" entry } [ ";" ] ]
/// entry     = group | item
/// group     = [ header ] ":" "(" item { "," item } ")" [ ":" footer ]
/// item      = keyPath | "~" customName
/// keyPath   = key { "." key }
/// key       = identifier | digits | "@count"
/// ```
///
/// - **Entries** are separated by `;`. One trailing `;` is allowed; an empty entry (`;;`, or a
///   leading `;`) is an error. An empty or all-whitespace string has no groups.
/// - **Ungrouped items** (`name;description`) that follow one another form one section without a
///   header or footer. An ungrouped item after a group starts a new such section.
/// - **A group** is an optional header, `:`, and its items in parentheses separated by `,`.
///   `:(name)` has no header. A group needs at least one item. After `)`, `:` and a footer
///   may follow.
/// - **A key path** is keys joined by `.`: an identifier (a letter or `_`, then letters, digits
///   or `_`), an array index, or `@count`. It has no spaces.
/// - **A custom item** is `~` and a name for a row that is not a property (a button, a
///   combined row). Its name may contain spaces: `~Delete Task`.
/// - **Whitespace** (spaces, tabs, line breaks) may surround every name, header, footer and
///   punctuation mark and is ignored there. Inside a header, footer or custom name, each run of
///   whitespace becomes one space, so a string wrapped over several lines reads the same.
/// - **Escapes**: in a header, footer or custom name, `\` makes the next character literal, so
///   `\;`, `\:`, `\(`, `\)`, `\,`, `\~` and `\\` can be written. An escaped space is kept as is.
///   A header runs to the first unescaped `:` and may contain `,`; a custom name stops at any of
///   `, ; : ( )`; a footer runs to the next unescaped `;` and may contain `, : ( )`, except `:(`
///   which almost always means a missing `;` before the next group.
/// - A name may be listed only once; a custom name and a property of the same spelling are
///   different names.
///
/// Errors carry the line and column where the problem is and say what was expected:
/// `1:24: error: expected ')' to close the group opened at column 14`. Every problem in the
/// string is reported, not only the first.
///
/// ``format(_:)`` writes groups back in a canonical form that parses to the same groups (apart
/// from locations).
public enum PropertyNamesString {
  /// Parses a names string into groups, or throws every problem found, each located.
  ///
  /// - Parameters:
  ///   - text: The names string.
  ///   - file: The file the string came from, for error messages.
  public static func parse(_ text: String, file: String? = nil) throws(DiagnosticList)
    -> [PropertyGroup]
  {
    var parser = PropertyNamesParser(text, file: file)
    parser.parse()
    if !parser.diagnostics.isEmpty { throw DiagnosticList(parser.diagnostics) }
    return parser.groups
  }

  /// Checks the property names of `groups` against the names a data definition knows, and
  /// reports each unknown one at its location, with a suggestion where one is close.
  ///
  /// A dotted key path is checked by its first key; the rest is checked when it is bound.
  /// Custom names are not checked.
  public static func validate(_ groups: [PropertyGroup], against knownNames: [String])
    -> [Diagnostic]
  {
    groups.validate(against: knownNames)
  }
}
