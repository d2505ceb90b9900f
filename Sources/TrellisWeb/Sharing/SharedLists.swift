import Trellis

/// The lists that models share: one per store and way of showing it.
///
/// A host whose models show the same lists to many people (the web host's sessions) gives
/// each model the same registry (`TableModel.listSharing`); it lives on their domain.
package final class SharedLists {
  /// Which store a list shows, and how (``ArrayOfObjectsSection/sharingSignature``).
  struct Key: Hashable {
    var store: ObjectIdentifier
    var signature: String
  }

  private final class Weak {
    weak var list: SharedList?
    init(_ list: SharedList) { self.list = list }
  }

  private var lists: [Key: Weak] = [:]

  /// Creates an empty registry.
  package init() {}

  /// The shared list for `section`'s store and signature, made with a copy of `section` when
  /// there is none.
  func list(for section: ArrayOfObjectsSection) -> SharedList {
    // Sections over one async store each have a cache of their own: the store is the key.
    let store: AnyObject = section.asyncCache?.source ?? section.store
    let key = Key(store: ObjectIdentifier(store), signature: section.sharingSignature)
    if let list = lists[key]?.list { return list }
    if lists.count > 64 { lists = lists.filter { $0.value.list != nil } }
    let list = SharedList(section: section.makeCopy())
    lists[key] = Weak(list)
    return list
  }
}
