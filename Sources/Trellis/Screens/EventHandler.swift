/// Carries out one event on one screen: the single place where user events become changes.
struct EventHandler {
  let navigator: Navigator
  let screen: Screen
  var model: TableModel { screen.model }

  func handle(_ event: ScreenEvent) throws(ScreenError) {
    switch event {
    case .select(let path): try select(path)
    case .setValue(let path, let value): try setValue(value, at: path)
    case .delete(let path):
      do { try model.removeRow(at: path) } catch { throw .edit(error) }
    case .move(let from, let to):
      do { try model.relocateRow(from: from, to: to) } catch { throw .edit(error) }
    case .add(let section): try add(section)
    case .setEditing(let editing): screen.setEditing(editing)
    case .done:
      try screen.commit()
      if screen !== navigator.stack.first { navigator.pop(screen) }
    case .cancel, .back:
      guard screen !== navigator.stack.first else {
        if case .cancel = event { screen.cancel() }
        return
      }
      screen.cancel()
      navigator.pop(screen)
    case .search(let text):
      screen.searchText = text
      if let handler = screen.searchHandler {
        handler(text)
      } else {
        for case let section as SearchableSection in model.sections { section.search(text) }
      }
    case .loadMore(let index):
      guard let section = try? model.section(at: index), let paged = section as? PagedSection else {
        throw .notApplicable("section \(index) does not load in batches")
      }
      do { try paged.loadMore() } catch { throw .store(error) }
    case .refresh:
      for case let section as PagedSection in model.sections {
        do { try section.refresh() } catch { throw .store(error) }
      }
    }
  }

  private func select(_ path: ItemPath) throws(ScreenError) {
    let row: Row
    let section: Section
    let index: Int
    do {
      row = try model.row(at: path)
      (section, index) = try model.locate(path)
    } catch { throw .edit(error) }
    guard row.isEnabled else { throw .notApplicable("row \(path) is disabled") }
    let context = RowContext(
      indexPath: path, rowID: row.id, propertyName: row.propertyName,
      values: (section as? ObjectSection)?.draft.reader ?? ValueReader { _ in nil },
      sectionID: section.id, screen: screen)
    let actions = row.actions.overriding(section.rowActions).overriding(model.rowActions)
    actions.didSelect?(context)
    if try section.select(elementAt: index, in: screen) { return }
    switch row.action {
    case .pushDetail?:
      if let detail = try section.detailScreen(forElementAt: index, in: screen) {
        let actions = section.actions.overriding(model.sectionActions)
        detail.actions.willPresent = detail.actions.willPresent ?? actions.detailWillPresent
        detail.actions.didPresent = detail.actions.didPresent ?? actions.detailDidPresent
        detail.actions.willDismiss = detail.actions.willDismiss ?? actions.detailWillDismiss
        detail.actions.didDismiss = detail.actions.didDismiss ?? actions.detailDidDismiss
        navigator.push(detail, fromList: section is ArrayOfObjectsSection)
      }
    case .push(let name)?:
      guard let next = navigator.screenProvider?(name, context) else {
        throw .notApplicable("no screen named '\(name)'")
      }
      navigator.push(next)
    case .named(let name)?:
      guard let action = navigator.namedActions[name] else {
        throw .notApplicable("no action named '\(name)' is registered")
      }
      action(context)
    case .open(let url)?:
      navigator.open(url)
    case nil:
      break
    }
  }

  private func setValue(_ value: Value, at path: ItemPath) throws(ScreenError) {
    do {
      let editor = try model.writeValue(value, at: path)
      let (section, _) = try model.locate(path)
      let actions = editor.actions.overriding(section.rowActions).overriding(model.rowActions)
      if let changed = actions.valueChanged {
        let context = RowContext(
          indexPath: path, rowID: editor.id, propertyName: editor.propertyName,
          values: (section as? ObjectSection)?.draft.reader ?? ValueReader { _ in nil },
          sectionID: section.id, screen: screen)
        changed(value, context)
      }
    } catch { throw .edit(error) }
  }

  private func add(_ index: Int?) throws(ScreenError) {
    let section: Section?
    if let index {
      section = try? model.section(at: index)
    } else {
      section = model.sections.first { $0.canAddItems }
    }
    guard let section, section.canAddItems else {
      throw .notApplicable("nothing on this screen can add items")
    }
    if let detail = try section.addScreen(in: screen) {
      navigator.push(detail)
    }
  }
}

/// A section that loads its items in batches.
public protocol PagedSection: AnyObject {
  /// Loads the next batch.
  func loadMore() throws(StoreError)
  /// Loads everything again (pull to refresh).
  func refresh() throws(StoreError)
}
