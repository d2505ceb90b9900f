import Testing
import Trellis
import TrellisTesting

/// The names string against hostile input: awkward strings mutated many times over. Each
/// variant parses, or every problem is located in its file; what parses writes back in the
/// canonical form, which parses to the same groups.
@Suite("Names string fuzzing")
struct PropertyNamesFuzzTests {
  static let seeds = [
    "Task Details:(name, description) : Saved automatically;Task Status:(completed);Actions:(~Delete Task)",
    #"Due \(optional\):(dueDate):Step 1\; then 2;\~Tilde:(~A\,B\:C);items.@count;rows.0.name"#,
    "a;B:(b);c;:(d);e;\n  Wrapped\n  header:(x,y,z):tail",
  ]

  @Test func aMutatedNamesStringParsesOrSaysWhere() {
    var mutator = TextMutator(
      seed: 0x4A3E5,
      words: [":(", "):", ";", ",", "~", "\\", "@count", ".", "..", "(", ")", "0", "~~", "\\;"],
      swaps: [(";", ","), (":", ""), ("(", ""), ("~", ""), ("name", "na me")])
    var parsed = 0
    for seed in Self.seeds {
      for _ in 0..<500 {
        let text = mutator.mutate(seed)
        let groups: [PropertyGroup]
        do {
          groups = try PropertyNamesString.parse(text, file: "Names.strings")
        } catch {
          for diagnostic in error.diagnostics {
            #expect(
              diagnostic.location?.file == "Names.strings" && (diagnostic.location?.line ?? 0) >= 1,
              "\(diagnostic) for \(text.debugDescription)")
          }
          continue
        }
        parsed += 1
        let formatted = PropertyNamesString.format(groups)
        do {
          let again = try PropertyNamesString.parse(formatted)
          #expect(
            again.map(GroupShape.init(spec:)) == groups.map(GroupShape.init(spec:)),
            "\(text.debugDescription) wrote \(formatted.debugDescription)")
        } catch {
          Issue.record("\(text.debugDescription) wrote \(formatted.debugDescription): \(error)")
        }
      }
    }
    #expect(parsed > 100)
  }
}
