import Trellis

/// How a ``StoreAPI`` keeps to the app's ``AccessPolicy`` for the person a request comes
/// from (``StoreAPIRequest/access``; everything is allowed without one).
///
/// Lists fetch only the items the person may see, so that no other item is ever counted or
/// sent; an item they may not see is 404, as if it did not exist. Adding needs
/// ``Permission/add`` (for the new item as sent, after the policy's owner and editor are set
/// to the person), changing needs ``Permission/edit`` on the item before and after the
/// change, deleting needs ``Permission/delete``: a refusal is 403 with the reason in words.
extension StoreAPI {
  /// `filter`, narrowed to the items the person may see.
  func visible(_ filter: ItemFilter?, access: Access?) -> ItemFilter? {
    guard let view = access?.viewFilter(on: definition.name) else { return filter }
    return filter.map { $0 && view } ?? view
  }

  /// Throws 404 unless the person may see `item`.
  func checkVisible(_ item: Value, access: Access?) throws {
    guard let access else { return }
    guard access.allows(.view, on: definition.name, item: definition.reader(for: item)) else {
      throw StoreAPIResponse.notFound
    }
  }

  /// Throws 403 unless the person may do `permission` to the item `reader` reads (to some
  /// item when `nil`).
  func check(_ permission: Permission, item reader: ValueReader?, access: Access?) throws {
    guard let access else { return }
    guard access.allows(permission, on: definition.name, item: reader) else {
      throw StoreAPIResponse.detail(.forbidden, access.refusal(permission, on: definition.name))
    }
  }

  /// Records the person in the policy's owner property (of a new item, unless one was sent)
  /// and its editor property, where the definition has them.
  func stamp(_ draft: Draft, adding: Bool, access: Access?) {
    guard let access else { return }
    let name = Value.string(access.person.name)
    if adding, let key = access.policy.ownerKey, definition[key] != nil,
      draft.value(key)?.displayText.isEmpty ?? true
    {
      draft.setValue(name, for: key)
    }
    if let key = access.policy.editorKey, definition[key] != nil {
      draft.setValue(name, for: key)
    }
  }
}
