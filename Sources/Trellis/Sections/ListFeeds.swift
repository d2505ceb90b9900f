/// The feeds of the models that share lists: one per store and way of showing it.
///
/// A host whose models show the same lists to many people (the web host's sessions) gives
/// each model the same registry (``TableModel/listFeeds``); it lives on their domain.
package final class ListFeeds {
  /// Which store a feed lists, and how (``ArrayOfObjectsSection/feedSignature``).
  struct Key: Hashable {
    var store: ObjectIdentifier
    var signature: String
  }

  private final class Weak {
    weak var feed: ListFeed?
    init(_ feed: ListFeed) { self.feed = feed }
  }

  private var feeds: [Key: Weak] = [:]

  /// Creates an empty registry.
  package init() {}

  /// The feed for `section`'s store and signature, made with a twin of `section` when there
  /// is none.
  func feed(for section: ArrayOfObjectsSection) -> ListFeed {
    let key = Key(
      store: ObjectIdentifier(section.store), signature: section.feedSignature)
    if let feed = feeds[key]?.feed { return feed }
    if feeds.count > 64 { feeds = feeds.filter { $0.value.feed != nil } }
    let feed = ListFeed(twin: section.makeTwin())
    feeds[key] = Weak(feed)
    return feed
  }
}
