import Observation
import TrellisMacros

/// A person in seed 000's Contacts example.
@Observable @TableBound
public final class Contact: DefaultConstructible {
  public var firstName = ""
  public var lastName = ""
  public var email = ""
  public var phone = ""

  /// An empty contact.
  public init() {}

  /// A contact with a name.
  public convenience init(
    firstName: String, lastName: String, email: String = "", phone: String = ""
  ) {
    self.init()
    self.firstName = firstName
    self.lastName = lastName
    self.email = email
    self.phone = phone
  }
}
