import Foundation
import Testing

/// `trellis render` and `validate` on descriptors that show a single object's form.
@Suite("trellis and single-object descriptors")
struct SingleObjectCommandTests {
  @Test func theFirstObjectRendersAsAForm() async throws {
    let result = try await CommandRunner.run(["render", "Sources/Account.json"])
    #expect(result.errors == "")
    #expect(result.status == 0)
    #expect(result.output == (try CommandRunner.expectedText("Account.txt")))
  }

  @Test func theFixtureValidates() async throws {
    let result = try await CommandRunner.run(["validate", "Sources/Account.json"])
    #expect(result.status == 0)
    #expect(result.errors == "1 file checked: 0 errors, 0 warnings\n")
  }

  @Test func aSourceThatIsNoListIsLocated() async throws {
    let result = try await CommandRunner.run(
      ["render", "bad-single-object.json"], in: CommandRunner.inputs)
    #expect(result.status == 1)
    #expect(result.output == "")
    #expect(
      result.errors
        == "bad-single-object.json:4:65: error: 'profile' in 'data.json' is not a list of "
        + "dictionaries\n")
  }
}
