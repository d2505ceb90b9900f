import Trellis

/// Content the demo and the tests start from.
public enum SampleContent {
  /// The Documents app's first document: values of every kind, a nested object, a list of
  /// strings and a list of dictionaries.
  public static let document: Value = [
    "title": "My document", "author": "Ada", "pages": 12, "published": false,
    "publisher": ["name": "Trellis Press", "city": "London"],
    "tags": ["tables", "data"],
    "chapters": [["title": "Rows", "pages": 8], ["title": "Sections", "pages": 12]],
  ]

  /// "Number 1" to "Number `count`" (at least one).
  public static func numbers(_ count: Int) -> [String] {
    (1...max(1, count)).map { "Number \($0)" }
  }

  /// A long list of `numbers`, each row rendered when a host first shows it; make the list
  /// once and share it between sessions.
  public static func numbersNavigator(_ numbers: [String]) -> Navigator {
    let model = TableModel(title: "Numbers", style: .plain)
    let section = ContentSection(
      id: "numbers", header: "\(numbers.count) numbers", content: numbers
    ) { number, row in row.text = number }
    // Rows are rendered as they scroll into view, not all of them up front.
    section.rendersRowsOnDemand = true
    model.addSection(section)
    return Navigator(root: Screen(model: model))
  }
}
