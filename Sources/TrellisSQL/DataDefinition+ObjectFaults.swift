import Trellis

extension DataDefinition {
  /// How the faults of rows whose values are `keys` are laid out and made into this
  /// definition's objects; a definition that makes none gets a document of `documentKeys`.
  ///
  /// A database store lists its rows with it: the values are checked against the definition
  /// when they are read, so filling an object from them writes what fits.
  package func faultLayout(keys: [String], documentKeys: [String]) -> ObjectFaultLayout {
    let definition = self
    let kinds = keys.map { self[$0]?.valueKind ?? .any }
    let checksKinds = canMakeObjects
    return ObjectFaultLayout(
      name: name, keys: keys, kinds: kinds, makesClassObjects: checksKinds,
      make: {
        definition.makeObject()
          ?? DocumentObject(.dictionary(ValueDictionary(documentKeys.map { ($0, Value.null) })))
      },
      fill: { object, values in
        guard let coding = definition.keyValueCoding(for: object) ?? (object as? KeyValueCoding)
        else { return }
        // A value the object's property cannot hold stays unwritten, as a store's fill leaves
        // it: the fault keeps it, and a form shows it refused, to be fixed.
        for (index, key) in keys.enumerated()
        where !checksKinds || kinds[index].accepts(values[index]) {
          try? coding.setValue(values[index], forKey: key)
        }
      },
      coding: { definition.keyValueCoding(for: $0) ?? ($0 as? KeyValueCoding) })
  }
}
