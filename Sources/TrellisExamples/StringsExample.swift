import Trellis

/// Seed 000's first example: a "Strings Section" made from an array of strings.
public enum StringsExample {
  /// A model with one section listing "One", "Two", "Three!", editable like STV's strings
  /// section: rows can be deleted and reordered, and Add appends a new string.
  public static func model() -> (TableModel, ContentSection<String>) {
    let model = TableModel(title: "Strings", style: .grouped)
    let section = ContentSection<String>(
      id: "strings", header: "Strings Section", content: ["One", "Two", "Three!"]
    ) { string, row in
      row.text = string
    }
    section.rowDefaults = RowDefaults(isMovable: true, isDeletable: true, isAddable: true)
    section.newElement = { "New string" }
    model.addSection(section)
    return (model, section)
  }
}
