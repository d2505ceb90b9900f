/// A regular expression compiled to a nondeterministic automaton: matching it takes time
/// linear in the text, whatever the pattern and the text.
///
/// Swift `Regex` backtracks, so a pattern such as `^(a+)+$` takes exponential time on a text
/// such as 30 `a`s and a `!`: a value a client typed would hold a server's thread for minutes.
/// Patterns come from descriptor files, API documents and database checks, and the values
/// they match from anyone, so every pattern runs here instead. The automaton follows every
/// way through the pattern at once, one character at a time (Thompson's construction), so
/// each character costs at most one step per state.
///
/// Swift `Regex` still decides everything about single characters: each character class,
/// escape and literal is a small `Regex` of its own (with its ASCII answers worked out once),
/// and the anchors and word boundaries are found by `Regex` in the text. The answers are
/// therefore Swift `Regex`'s, at the grapheme-cluster level, for every pattern the automaton
/// accepts. Patterns whose meaning needs backtracking (back-references, lookaround, atomic
/// groups, possessive quantifiers) and inline options other than a leading `(?i)` are refused
/// with the reason, when they are compiled.
package struct RegexAutomaton {
  /// One state: a test of one character, a choice of two ways on, a check of the position,
  /// or the end of a match.
  enum State {
    case character(CharacterTest, next: Int)
    case split(Int, Int)
    case jump(Int)
    case check(PositionCheck, next: Int)
    case accept
  }

  /// The states, `start` the first.
  let states: [State]
  let start: Int
  /// The position checks the pattern uses, found in each text before it is matched.
  let checks: [PositionCheck]

  /// The most states a pattern may take: counted repetitions are written out, so `(a{1000}){1000}`
  /// would otherwise take a million.
  package static let stateLimit = 20_000

  /// The automaton of `pattern`, in Swift `Regex` syntax, which `Regex` has compiled already.
  /// Throws the reason when the pattern needs backtracking or is too large.
  package init(_ pattern: String) throws(PredicateRegex.CompileError) {
    var parser = RegexAutomatonParser(pattern)
    let node = try parser.parse()
    var builder = RegexAutomatonBuilder()
    let accept = builder.add(.accept)
    start = try builder.build(node, next: accept)
    states = builder.states
    checks = parser.checks
  }

  /// Whether the whole of `text` matches.
  package func wholeMatch(_ text: String) -> Bool { run(text, anywhere: false) }

  /// Whether some part of `text` matches.
  package func firstMatch(_ text: String) -> Bool { run(text, anywhere: true) }

  /// Follows every way through the automaton over `text` at once. `anywhere` starts a match
  /// at every position and stops at the first that ends; otherwise a match starts at the
  /// first character and must end at the last.
  private func run(_ text: String, anywhere: Bool) -> Bool {
    let characters = Array(text)
    let positions = PositionCheck.positions(of: checks, in: text, count: characters.count)
    var run = Run(stateCount: states.count)
    var current: [Int] = []
    var next: [Int] = []
    run.add(start, at: 0, states, positions, into: &current)
    for (index, character) in characters.enumerated() {
      if anywhere && run.accepted { return true }
      run.startStep()
      for state in current {
        guard case .character(let test, let after) = states[state], test.accepts(character)
        else { continue }
        run.add(after, at: index + 1, states, positions, into: &next)
      }
      if anywhere { run.add(start, at: index + 1, states, positions, into: &next) }
      swap(&current, &next)
      next.removeAll(keepingCapacity: true)
      // Anywhere, a match may still start later; otherwise no way goes on, and only a match
      // that ends with the text counts.
      if current.isEmpty && !anywhere { return index == characters.count - 1 && run.accepted }
    }
    return run.accepted
  }

  /// The states reached at one position, each once.
  private struct Run {
    /// The step each state was last added in.
    var marks: [Int]
    var step = 0
    /// Whether the states of this step include the end of a match.
    var accepted = false

    init(stateCount: Int) { marks = Array(repeating: -1, count: stateCount) }

    mutating func startStep() {
      step += 1
      accepted = false
    }

    /// Adds `state` and every state it leads to without reading a character, at `position`.
    mutating func add(
      _ state: Int, at position: Int, _ states: [State], _ positions: [Set<Int>],
      into list: inout [Int]
    ) {
      var pending = [state]
      while let state = pending.popLast() {
        guard marks[state] != step else { continue }
        marks[state] = step
        switch states[state] {
        case .character: list.append(state)
        case .accept: accepted = true
        case .jump(let next): pending.append(next)
        case .split(let first, let second): pending += [second, first]
        case .check(let check, let next):
          if positions[check.index].contains(position) { pending.append(next) }
        }
      }
    }
  }
}
