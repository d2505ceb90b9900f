import Trellis
import TrellisTesting
import TrellisWebService

extension WebServiceStore {
  /// A screen listing the store's objects (with an add row when `addItemText` is given), its
  /// first page shown.
  func openList(addItemText: String? = nil) async throws -> (
    app: HeadlessApp, section: ArrayOfObjectsSection
  ) {
    guard let definition = itemsDefinition else {
      throw StoreError.failed("the store has no items definition")
    }
    let section = ArrayOfObjectsSection(store: self, definition: definition)
    if let addItemText { section.addItemText = addItemText }
    let model = TableModel(title: definition.name)
    model.addSection(section)
    let app = HeadlessApp(navigator: Navigator(root: Screen(model: model)))
    try await app.settle()
    return (app, section)
  }
}
