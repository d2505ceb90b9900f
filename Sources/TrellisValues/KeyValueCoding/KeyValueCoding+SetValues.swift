extension KeyValueCoding {
  /// Writes every value by key path, in order, all or nothing: on the first error the values
  /// written before it are put back and the error is rethrown.
  ///
  /// The one way Trellis writes several values at once: a draft's commit, and the memory,
  /// document and SQLite stores' updates all come here. A caller whose next step can still
  /// fail (a database refusing the row) keeps the returned ``ValuesUndo`` and runs it then.
  ///
  /// ```swift
  /// let undo = try task.setValues([("name", "Buy milk"), ("completed", true)])
  /// do { try database.save(task) } catch { undo.run(); throw error }
  /// ```
  @discardableResult
  public func setValues(_ values: [(String, Value)]) throws(BindingError) -> ValuesUndo {
    if let document = self as? DocumentObject {
      // A document may gain entries it did not have: put the whole tree back instead.
      let before = document.root
      do {
        for (keyPath, value) in values {
          // A record that never had an entry its list's other records have gains it when it
          // is given a value, and stays without it otherwise.
          if document.root.dictionaryValue?[keyPath] == nil, !keyPath.contains(".") {
            if !value.isNull { document.addEntry(value, forKey: keyPath) }
            continue
          }
          try document.setValue(value, forKeyPath: keyPath)
        }
      } catch {
        document.replaceRoot(before)
        throw error
      }
      return ValuesUndo { document.replaceRoot(before) }
    }
    var undo = ValuesUndo()
    do {
      for (keyPath, newValue) in values {
        let old = try self.value(forKeyPath: keyPath)
        try setValue(newValue, forKeyPath: keyPath)
        undo.append { [self] in try? self.setValue(old, forKeyPath: keyPath) }
      }
    } catch {
      undo.run()
      throw error
    }
    return undo
  }

  /// Writes every value, in key order, all or nothing (see `setValues(_:)`).
  @discardableResult
  public func setValues(_ values: [String: Value]) throws(BindingError) -> ValuesUndo {
    try setValues(values.sorted { $0.key < $1.key }.map { ($0.key, $0.value) })
  }
}

/// What puts back the values a `setValues(_:)` wrote: run it when a later
/// step of the same write fails.
public struct ValuesUndo {
  private var steps: [() -> Void] = []

  /// Nothing to undo.
  public init() {}

  /// An undo of one step.
  package init(_ step: @escaping () -> Void) { steps = [step] }

  /// Adds a step, run before the steps already held.
  mutating func append(_ step: @escaping () -> Void) { steps.append(step) }

  /// Adds every step of `other`, run before the steps already held.
  public mutating func append(_ other: ValuesUndo) { steps += other.steps }

  /// Puts every value back, the last written first.
  public func run() {
    for step in steps.reversed() { step() }
  }
}
