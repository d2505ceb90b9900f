/// The objects whose rows a store deleted (itself, by a delete rule, or as another server
/// reported), held weakly, so that a relationship still holding one is refused rather than
/// making its row again.
///
/// It forgets the objects nothing else holds any more once it holds ``limit`` of them, so it
/// grows no further than the objects the app still holds.
package struct GoneObjects {
  /// How many entries make the next pruning of freed objects.
  package static let limit = 1024

  private var objects: [ObjectIdentifier: WeakObject] = [:]

  package init() {}

  /// Remembers that `object`'s row is gone.
  package mutating func remember(_ object: AnyObject) {
    if objects.count >= Self.limit { objects = objects.filter { $0.value.object != nil } }
    objects[ObjectIdentifier(object)] = WeakObject(object: object)
  }

  /// Whether `object`'s row is gone: checked by identity, so that another object at the same
  /// address after the first was freed is not taken for it.
  package func contains(_ object: AnyObject) -> Bool {
    objects[ObjectIdentifier(object)]?.object === object
  }

  /// How many objects it holds, freed ones included until the next pruning.
  package var count: Int { objects.count }
}

/// An object held weakly.
package struct WeakObject {
  package weak var object: AnyObject?

  package init(object: AnyObject?) { self.object = object }
}
