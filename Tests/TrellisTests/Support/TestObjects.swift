import Foundation
import Observation
import Trellis

/// A hand-written property table, so these tests do not depend on the macro.
@Observable
final class Profile: PropertyTableProviding, ValueConvertible {
  var firstName: String
  var age: Int
  var height: Double
  var subscribed: Bool
  var nickname: String?
  var address: Address?

  init(firstName: String = "Ken", age: Int = 40, address: Address? = Address()) {
    self.firstName = firstName
    self.age = age
    self.height = 1.8
    self.subscribed = false
    self.address = address
  }

  static let propertyTable = PropertyTable<Profile>([
    .init("firstName", \.firstName),
    .init("age", \.age),
    .init("height", \.height),
    .init("subscribed", \.subscribed),
    .init("nickname", \.nickname),
    .init("address", \.address),
  ])
}

@Observable
final class Address: PropertyTableProviding, ValueConvertible {
  var city = "Cupertino"
  var tags: [String] = ["home"]

  static let propertyTable = PropertyTable<Address>([
    .init("city", \.city),
    .init("tags", \.tags),
  ])
}
