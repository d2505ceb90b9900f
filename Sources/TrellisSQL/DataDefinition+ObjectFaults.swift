import Trellis

extension DataDefinition {
  /// How the faults of rows whose values are `keys` are laid out and made into this
  /// definition's objects; a definition that makes none gets a document of `documentKeys`.
  ///
  /// A database store lists its rows with it: the values are checked against the definition
  /// when they are read, so filling an object from them writes what fits.
  package func faultLayout(keys: [String], documentKeys: [String]) -> ObjectFaultLayout {
    let definition = self
    return ObjectFaultLayout(
      name: name, keys: keys, kinds: keys.map { self[$0]?.valueKind ?? .any },
      makesClassObjects: canMakeObjects,
      make: {
        definition.makeObject()
          ?? DocumentObject(.dictionary(ValueDictionary(documentKeys.map { ($0, Value.null) })))
      },
      fill: { object, values in
        guard let coding = definition.keyValueCoding(for: object) ?? (object as? KeyValueCoding)
        else { return }
        for (index, key) in keys.enumerated() { try? coding.setValue(values[index], forKey: key) }
      },
      coding: { definition.keyValueCoding(for: $0) ?? ($0 as? KeyValueCoding) })
  }
}
