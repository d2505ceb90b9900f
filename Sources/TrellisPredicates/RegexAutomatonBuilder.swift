/// Builds a ``RegexAutomaton``'s states from a parsed pattern, each part given the state that
/// follows it (Thompson's construction, from the end).
struct RegexAutomatonBuilder {
  var states: [RegexAutomaton.State] = []

  mutating func add(_ state: RegexAutomaton.State) -> Int {
    states.append(state)
    return states.count - 1
  }

  /// The first state of `node`, whose matches go on to `next`.
  mutating func build(_ node: RegexAutomatonParser.Node, next: Int)
    throws(PredicateRegex.CompileError) -> Int
  {
    guard states.count <= RegexAutomaton.stateLimit else {
      throw PredicateRegex.CompileError(
        reason: "it repeats too much to match: more than \(RegexAutomaton.stateLimit) steps")
    }
    switch node {
    case .character(let test):
      return add(.character(test, next: next))
    case .check(let check):
      return add(.check(check, next: next))
    case .sequence(let parts):
      var entry = next
      for part in parts.reversed() { entry = try build(part, next: entry) }
      return entry
    case .alternatives(let options):
      var entries: [Int] = []
      for option in options { entries.append(try build(option, next: next)) }
      var entry = entries.removeLast()
      for other in entries.reversed() { entry = add(.split(other, entry)) }
      return entry
    case .repetition(let part, let min, let max):
      var entry = next
      if let max {
        // The optional copies, each leading to the next or on.
        for _ in min..<Swift.max(min, max) {
          let copy = try build(part, next: entry)
          entry = add(.split(copy, next))
        }
      } else {
        // A loop: the part, then back to the choice of another or on.
        let loop = add(.jump(next))
        let copy = try build(part, next: loop)
        states[loop] = .split(copy, next)
        entry = loop
      }
      for _ in 0..<min { entry = try build(part, next: entry) }
      return entry
    }
  }
}
