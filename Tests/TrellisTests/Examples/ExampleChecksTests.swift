import Testing
import Trellis
import TrellisExamples
import TrellisTesting

/// What the examples' forms refuse: an email field's text that is no address, and a step
/// without a name.
@Suite("The examples' checks")
struct ExampleChecksTests {
  @Test func aContactsEmailMustBeAnAddress() throws {
    let (app, people) = try ContactsTestApp.make(people: 3)
    try app.tap("\(people[0].firstName) \(people[0].lastName)")
    try app.enter("not-an-email", at: "Email")
    #expect(throws: ScreenError.self) { try app.send(.done) }
    #expect(app.row("Email")?.validationMessage?.contains("is not an email address") == true)
    #expect(people[0].email != "not-an-email")
    try app.enter("ada@example.com", at: "Email")
    try app.send(.done)
    #expect(people[0].email == "ada@example.com")
    // Empty is no address, and is allowed.
    #expect(EmailAddress.problem(with: "") == nil)
    for refused in ["a@b", "@example.com", "a b@example.com", "a@@example.com", "a@example."] {
      #expect(EmailAddress.problem(with: .string(refused)) != nil, "\(refused)")
    }
  }

  @Test func aStepNeedsAName() throws {
    let definition = try TasksApp.stepDefinition()
    #expect(definition["name"]?.isRequired == true)
  }
}
