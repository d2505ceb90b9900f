import Trellis

/// Seed 000's Contacts example: people grouped by the first letter of their last name, with a
/// section index and live search across first and last names.
public enum ContactsApp {
  /// The properties a search looks in.
  public static let searchKeys = "firstName;lastName"

  /// The definition of a contact: "First Last" as the row, email below.
  public static func definition() throws(DiagnosticList) -> DataDefinition {
    var definition = try DataDefinition(
      for: Contact.self, names: "Name:(firstName,lastName);Contact:(email,phone)",
      make: { Contact() })
    definition["firstName"]?.isRequired = true
    definition["email"]?.attributes = .textField(autocapitalization: .none)
    definition["email"]?.attributes.keyboard = .emailAddress
    EmailAddress.check("email", of: &definition)
    definition.titlePropertyNames = ["firstName", "lastName"]
    definition.descriptionPropertyNames = ["email"]
    return definition
  }

  /// The grouped, searchable model over `store`, sorted by last then first name.
  public static func model(store: any DataStore) throws(DiagnosticList) -> ArrayOfObjectsModel {
    let definition: DataDefinition
    if let known = store.itemsDefinition {
      definition = known
    } else {
      definition = try Self.definition()
    }
    let contacts = ArrayOfObjectsModel(
      title: "Contacts", store: store, definition: definition,
      grouping: .firstLetter("lastName"), search: searchKeys,
      sort: [SortKey("lastName"), SortKey("firstName")])
    // Each person has a detail disclosure button: the row and the button both open them.
    contacts.configureSection = { section in
      section.rowDefaults.detailAccessory = .detailDisclosureButton
    }
    return contacts
  }

  /// `count` people with deterministic names, emails and phone numbers.
  public static func people(_ count: Int, seed: UInt64 = 2026) -> [Contact] {
    var generator = SeededRandom(seed: seed)
    return (0..<count).map { index in
      let first = generator.pick(firstNames)
      let last = generator.pick(lastNames)
      return Contact(
        firstName: first, lastName: last,
        email: "\(first.lowercased()).\(last.lowercased())\(index)@example.com",
        phone: "+1 555 \(1000 + index % 9000)")
    }
  }

  package static let firstNames = [
    "Ada", "Alan", "Barbara", "Bjarne", "Claude", "Dennis", "Donald", "Edsger", "Frances", "Grace",
    "Guido", "Hedy", "Ivan", "James", "John", "Ken", "Leslie", "Linus", "Margaret", "Niklaus",
    "Olga", "Radia", "Richard", "Shafi", "Sophie", "Tim", "Timnit", "Whitfield", "Yukihiro",
    "Edith",
  ]

  package static let lastNames = [
    "Allen", "Backus", "Cerf", "Dijkstra", "Engelbart", "Floyd", "Goldberg", "Hamilton",
    "Hopper", "Iverson", "Johnson", "Kay", "Knuth", "Lamport", "Liskov", "McCarthy", "Naur",
    "Ousterhout", "Perlman", "Ritchie", "Stroustrup", "Thompson", "Torvalds", "Ullman",
    "van Rossum", "Wirth", "Wilson", "Yang", "Zuse", "Ørsted", "3Com",
  ]
}

extension SeededRandom {
  /// One of `names`, chosen by the next number.
  package mutating func pick(_ names: [String]) -> String {
    names[Int(next() % UInt64(names.count))]
  }
}
