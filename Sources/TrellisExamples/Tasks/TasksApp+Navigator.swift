import Trellis

extension TasksApp {
  /// A navigator showing the task list over `store` (memory or SQLite).
  public static func navigator(store: any DataStore) throws(DiagnosticList) -> Navigator {
    let definition: DataDefinition
    if let known = store.itemsDefinition {
      definition = known
    } else {
      definition = try taskDefinition()
    }
    return Navigator(root: listScreen(store: store, definition: definition))
  }
}
