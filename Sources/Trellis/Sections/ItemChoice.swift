/// Makes a list choose among its items instead of opening them (STV's object selection
/// section): the chosen items carry a checkmark, a tap chooses one (or toggles it, when
/// several may be chosen), and Add makes a new item and chooses it.
///
/// The list loads its items in batches like any list over a store, so choosing among 10,000
/// tags reads the rows shown, not the 10,000.
public struct ItemChoice {
  /// Whether several items may be chosen (the choice is then an array).
  public var allowsMultiple: Bool
  /// Whether the choice may be empty: a single choice then lists a None row, which clears it.
  public var allowsNone: Bool
  /// Whether a single choice goes back to the previous screen.
  public var popsOnChoice = true
  /// The choice now: an item, `.null`, or an array of items.
  public var read: () -> Value
  /// Stores a new choice; a message when it is refused.
  public var write: (Value) -> String?

  /// Creates a choice read and written through closures.
  public init(
    allowsMultiple: Bool, allowsNone: Bool, read: @escaping () -> Value,
    write: @escaping (Value) -> String?
  ) {
    self.allowsMultiple = allowsMultiple
    self.allowsNone = allowsNone
    self.read = read
    self.write = write
  }

  /// The chosen items.
  var chosen: [Value] {
    let value = read()
    return value.arrayValue ?? (value.isNull ? [] : [value])
  }

  /// The choice after a tap on `item`, or `nil` when the tap changes nothing.
  func choice(afterTapping item: Value) -> Value? {
    var chosen = self.chosen
    if let position = chosen.firstIndex(of: item) {
      // A single choice keeps its item, as iOS's checked row does: its None row clears it.
      if !allowsMultiple { return item }
      chosen.remove(at: position)
    } else if allowsMultiple {
      chosen.append(item)
    } else {
      chosen = [item]
    }
    return allowsMultiple ? .array(chosen) : (chosen.first ?? .null)
  }

  /// The choice with a new `item` added (several) or made the choice (one).
  func choice(adding item: Value) -> Value {
    allowsMultiple ? .array(chosen + [item]) : item
  }
}
