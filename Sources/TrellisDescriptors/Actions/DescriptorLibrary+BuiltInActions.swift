import Trellis

extension DescriptorLibrary {
  /// Carries out the built-in action `selector` names (``BuiltInAction``) for the row of
  /// `context`; false when the selector names none.
  func runBuiltIn(_ selector: String, _ context: RowContext) throws(ScreenError) -> Bool {
    let parsed: BuiltInAction?
    do { parsed = try BuiltInAction(selector: selector) } catch {
      throw .notApplicable(error.message)
    }
    guard let action = parsed else { return false }
    guard let screen = context.screen, let navigator = screen.navigator else {
      throw .notApplicable("'\(selector)' runs on a screen a navigator shows")
    }
    switch action {
    case .pop:
      guard navigator.stack.count > 1 || navigator.detail === screen else {
        throw .notApplicable("'pop' has no screen to go back to")
      }
      navigator.pop(screen)
    case .dismiss:
      guard let sheet = navigator.stack.dropFirst().last(where: { $0.presentation == .modal })
      else { throw .notApplicable("'dismiss' has no sheet to close") }
      while navigator.stack.dropFirst().contains(where: { $0 === sheet }) { navigator.pop() }
    case .present(let name):
      guard let next = navigator.screenProvider?(name, context) else {
        throw .notApplicable("no screen named '\(name)'")
      }
      next.presentation = .modal
      navigator.push(next)
    case .set(let keyPath, let value):
      guard let (_, entry) = DescriptorSection.entry(of: context) else {
        throw .notApplicable("'\(selector)' sets a value of a descriptor's row")
      }
      do { try RowBinding(entry.object, keyPath: keyPath).write(value) } catch {
        throw .notApplicable("cannot set '\(keyPath)': \(error)")
      }
      screen.model.invalidateAll()
    case .delete:
      guard let (section, _) = DescriptorSection.entry(of: context) else {
        throw .notApplicable("'delete' deletes the object of a descriptor's row")
      }
      try section.deleteObject(ofRow: context.rowID)
    case .save:
      guard let onSave else {
        throw .notApplicable("'save' has nothing to save with: the app sets onSave")
      }
      do { try onSave(context) } catch { throw .notApplicable("not saved: \(error)") }
    case .reload:
      onReload?(context)
      screen.model.invalidateAll()
      for case let list as PagedSection in screen.model.sections {
        do { try list.refresh() } catch { throw .store(error) }
      }
    }
    return true
  }
}
