import Trellis

extension WebServiceStore {
  /// Gives known objects what was read or answered for them in the background, on the
  /// caller's domain: a list calls it before it takes what arrived, and a form's write once
  /// the service accepted it. Only values that differ are set, so an object read again
  /// unchanged reports nothing; one that changed is reported updated to every list
  /// (``reportsEveryChange``).
  public func applyArrivedValues() {
    let (arrived, withoutIdentity) = objects.withLock { objects in
      defer {
        objects.arrived = [:]
        objects.arrivedWithoutIdentity = []
      }
      let known = objects.arrived.compactMap { id, values -> (DocumentObject, ArrivedValues)? in
        objects.entries[id].map { ($0, values) }
      }
      return (known, objects.arrivedWithoutIdentity)
    }
    var changed: [DocumentObject] = []
    for (object, arrived) in arrived
    where Self.set(arrived.values, on: object, replacing: arrived.replaces) {
      changed.append(object)
    }
    for (object, values) in withoutIdentity where Self.set(values, on: object, replacing: false) {
      changed.append(object)
    }
    for object in changed { observers.notify(.updated(.object(ObjectReference(object)))) }
  }

  /// Gives `object` `values`: all of its values when `replacing`, else some to set. An object
  /// that already holds them is left alone; whether it changed.
  @discardableResult
  static func set(_ values: ValueDictionary, on object: DocumentObject, replacing: Bool) -> Bool {
    var root = replacing ? ValueDictionary() : object.root.dictionaryValue ?? [:]
    for (key, value) in values { root[key] = value }
    guard object.root != .dictionary(root) else { return false }
    object.replaceRoot(.dictionary(root))
    return true
  }
}
