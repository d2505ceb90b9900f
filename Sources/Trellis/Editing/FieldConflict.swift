/// A value someone else changed while a person edited the same property: what the store
/// holds now and what the person entered.
public struct FieldConflict: Hashable, Sendable {
  /// The property.
  public var name: String
  /// What the store holds: the other person's value.
  public var theirs: Value
  /// What this person entered.
  public var yours: Value

  /// A conflict over `name`.
  public init(name: String, theirs: Value, yours: Value) {
    self.name = name
    self.theirs = theirs
    self.yours = yours
  }

  /// One line a person reads: the property, their value and yours.
  public var description: String {
    "\(name) is now “\(theirs.displayText)” (yours: “\(yours.displayText)”)"
  }
}
