import Trellis

extension ActionsApp {
  /// The theme style a row's `willStyle` hook names for the second row.
  static let hooksTheme = """
    Highlighted
    {
        backgroundColor: yellowColor;
    }
    """

  /// A list of chores whose every hook does something to see: rows are configured, displayed
  /// and styled by hooks, the first chore's row and detail are the app's own, and selections,
  /// accessory taps, inserts, deletes, moves, edits and the detail screen's comings and goings
  /// are written to a log below the list; the screen's own comings and goings to `rootLog`.
  static func hooksScreen(rootLog: ActionLog) throws(DiagnosticList) -> Screen {
    let log = ActionLog()
    var definition = try DataDefinition(for: Chore.self, make: { Chore() })
    definition.name = "Chore"
    definition["name"]?.isRequired = true
    definition["name"]?.actions.valueIsValid = { value, _ in
      value.stringValue?.contains("!") == true ? "A chore's name has no “!”" : nil
    }
    definition["name"]?.actions.valueChanged = { value, _ in
      log.record("valueChanged: \(value.displayText)")
    }
    // The definition's hook, for every property of a chore's form but the name, whose own
    // hook above overrides it.
    definition.rowActions.valueChanged = { value, context in
      log.record(
        "valueChanged, the chore's hook: \(context.propertyName ?? "?") \(value.displayText)")
    }
    let store = MemoryStore(
      objects: ["Sweep", "Dust", "Shop", "Cook"].enumerated().map { index, name in
        Chore(name: name, isDone: index == 1)
      }, definition: definition)
    let model = TableModel(title: "Hooks")
    model.theme = try? Theme(parsing: hooksTheme, file: "Hooks.sct")
    model.modelActions.didFetchItems = { fetched in
      // Made again whenever the list's items change, so the count stays true.
      var row = Row(id: RowID(.string("fetched")), kind: .plain)
      row.text = "Added by didFetchItems: \(fetched.items.count) chores"
      fetched.appendedRows.append(row)
    }
    // The screen's hook, for the rows of every section but the chores, whose own overrides it.
    model.rowActions.didSelect = { context in
      log.record("didSelect, the screen's hook: \(place(context)) of the log")
    }
    let section = ArrayOfObjectsSection(
      id: "chores", header: "Chores", store: store, definition: definition)
    section.rowDefaults.detailAccessory = .detailDisclosureButton
    section.rowActions = rowHooks(log: log)
    section.actions = sectionHooks(log: log)
    model.addSection(section)
    model.addSection(log.section)
    let screen = Screen(model: model, navigationBar: .addRightEditLeft)
    logPresentation(of: screen, log: rootLog)
    return screen
  }

  /// The row hooks: configured, displayed and styled rows, and selections and accessory taps
  /// written to `log`.
  static func rowHooks(log: ActionLog) -> RowActions {
    var actions = RowActions()
    actions.willConfigure = { row, _ in row.text = "• " + (row.text ?? "") }
    actions.willDisplay = { row, _ in
      guard let reuse = row.attributes.reuseIdentifier else { return }
      row.detailText = "drawn as \(reuse)"
      // A list row without a description has the default style, which shows no detail.
      row.attributes.cellStyle = .value1
    }
    actions.willStyle = { context in context.indexPath?.item == 1 ? "Highlighted" : nil }
    actions.didSelect = { context in log.record("didSelect: \(place(context))") }
    actions.accessoryTapped = { context in log.record("accessoryTapped: \(place(context))") }
    return actions
  }

  /// The section hooks: the first chore's row and detail made by the app, a reuse identifier
  /// per row, and inserts, deletes, moves and the detail screen's comings and goings written
  /// to `log`.
  static func sectionHooks(log: ActionLog) -> SectionActions {
    var actions = SectionActions()
    actions.cellForRow = { index, _ in
      guard index == 0 else { return nil }
      var row = Row(id: RowID(.string("custom")), kind: .plain, text: "A row the app made")
      row.accessory = .disclosureIndicator
      row.action = .pushDetail
      return row
    }
    actions.reuseIdentifierForRow = { index, _ in index == 0 ? "the app's row" : "a chore row" }
    actions.detailScreenForRow = { context in
      guard context.indexPath?.item == 0 else { return nil }
      let model = TableModel(title: "The app's detail")
      model.addSection(
        ContentSection(id: "note", content: ["Made by detailScreenForRow"]) { text, row in
          row.text = text
        })
      return Screen(model: model)
    }
    actions.didInsert = { item, index in log.record("didInsert: \(title(item)) at \(index)") }
    actions.didDelete = { item, index in log.record("didDelete: \(title(item)) at \(index)") }
    actions.didMove = { item, from, to in
      log.record("didMove: \(title(item)) from \(from) to \(to)")
    }
    actions.detailWillPresent = { log.record("detailWillPresent: \($0.title ?? "")") }
    actions.detailDidPresent = { log.record("detailDidPresent: \($0.title ?? "")") }
    actions.detailWillDismiss = { log.record("detailWillDismiss: \($0.title ?? "")") }
    actions.detailDidDismiss = { log.record("detailDidDismiss: \($0.title ?? "")") }
    return actions
  }

  /// Where a row is, for the log: `row 2`.
  static func place(_ context: RowContext) -> String {
    context.indexPath.map { "row \($0.item + 1)" } ?? "a row"
  }

  /// A chore's name, for the log.
  static func title(_ item: Value) -> String {
    if case .object(let reference) = item, let chore = reference.object as? Chore {
      return chore.name
    }
    return item.displayText
  }
}
