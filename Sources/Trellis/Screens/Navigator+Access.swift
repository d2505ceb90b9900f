/// How a navigator's ``Navigator/access`` reaches its screens and refuses events.
extension Navigator {
  /// Gives `screen` the navigator's access: its lists read it when they fetch, and a detail
  /// screen of an item the person may not change (or add) shows it read-only, without Done
  /// and Cancel.
  ///
  /// A person who may change only some items (their own) sees the policy's owner disabled:
  /// the core sets it when they add, and giving the item to someone else is refused anyway.
  func applyAccess(to screen: Screen) {
    let model = screen.model
    guard model.access != access else { return }
    model.access = access
    for section in model.sections { section.setNeedsRefresh() }
    guard let access, let draft = screen.draft else { return }
    let permission: Permission = screen.addsItem ? .add : .edit
    let subject = draft.definition.name
    let item = screen.addsItem ? nil : draft.reader
    guard access.allows(permission, on: subject, item: item) else {
      for section in model.objectSections { section.isEditable = false }
      // Nothing to save or give up: the screen only shows, and Back leaves it.
      screen.navigationBar = .none
      return
    }
    if let owner = access.policy.ownerKey, draft.definition[owner] != nil,
      access.policy.grant(permission, on: subject, for: access.person) != .all
    {
      for section in model.objectSections { section.readOnlyKeys.insert(owner) }
    }
  }

  /// Refuses `permission` on `section`'s item at `index` (on the section's items when `nil`)
  /// when the navigator's person may not; sections that list no store items are not covered
  /// by a policy.
  func check(_ permission: Permission, in section: Section, index: Int? = nil)
    throws(ScreenError)
  {
    guard let access else { return }
    let subject: String
    let item: ValueReader?
    switch section {
    case let list as ArrayOfObjectsSection:
      guard !list.listsADraftsItems else { return }
      subject = list.definition.name
      item = index.flatMap { list.reader(ofItemAt: $0) }
    case let object as ObjectSection:
      subject = object.definition.name
      // A new item is checked against the rule's rows at Done, once the core filled in its
      // owner.
      item = permission == .add ? nil : object.draft.reader
    default:
      return
    }
    guard access.allows(permission, on: subject, item: item) else {
      throw .notPermitted(access.refusal(permission, on: subject))
    }
  }

  /// Refuses Done on `screen` when its draft, as the person left it, is not theirs to add or
  /// change (a member who gives their task to someone else, say); otherwise records who made
  /// the change in the policy's editor and owner properties.
  func checkCommit(of screen: Screen) throws(ScreenError) {
    guard let access, let draft = screen.draft else { return }
    let subject = draft.definition.name
    let permission: Permission = screen.addsItem ? .add : .edit
    let policy = access.policy
    if screen.addsItem, let key = policy.ownerKey, draft.definition[key] != nil,
      draft.value(key)?.displayText.isEmpty ?? true
    {
      draft.setValue(.string(access.person.name), for: key)
    }
    guard access.allows(permission, on: subject, item: draft.reader) else {
      throw .notPermitted(access.refusal(permission, on: subject))
    }
    if let key = policy.editorKey, draft.definition[key] != nil {
      draft.setValue(.string(access.person.name), for: key)
    }
  }
}
