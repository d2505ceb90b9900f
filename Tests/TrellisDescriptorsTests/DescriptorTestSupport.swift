import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// Helpers shared by the descriptor tests.
enum DescriptorTestSupport {
  /// The URL of a fixture file.
  static func fixtureURL(_ name: String) throws -> URL {
    let url = TestFixtures.url(name)
    try #require(FileManager.default.fileExists(atPath: url.path))
    return url
  }

  /// The bytes of a fixture file.
  static func fixtureData(_ name: String) throws -> Data {
    try Data(contentsOf: fixtureURL(name))
  }

  /// A fixture descriptor, read.
  static func descriptor(_ name: String) throws -> TableDescriptor {
    try TableDescriptor(data: fixtureData(name), file: name)
  }

  /// A fixture descriptor read with the RMSTableViews demo app's classes registered.
  static func demoDescriptor(_ name: String) throws -> TableDescriptor {
    try TableDescriptor(data: fixtureData(name), file: name, classes: demoClasses())
  }

  /// The RMSTableViews demo app's own classes, from its classes file.
  static func demoClasses() throws -> DescriptorClasses {
    let read = DescriptorClasses.read(
      data: try fixtureData("RMSTableViews/RMSDemoClasses.json"), file: "RMSDemoClasses.json")
    #expect(read.diagnostics.isEmpty)
    return try #require(read.classes)
  }

  /// A fixture data document, as a bindable object.
  static func data(_ name: String) throws -> DocumentObject {
    DocumentObject(try LocatedDocument(data: fixtureData(name), file: name).root)
  }

  /// The RMSTableViews demo's profile screen over its data, with the demo's own classes.
  static func profileApp() throws -> (HeadlessApp, DocumentObject) {
    let descriptor = try demoDescriptor("RMSTableViews/RMSProfileViewController.plist")
    let data = try data("RMSTableViews/profile-data.json")
    let navigator = try DescriptorLibrary(classes: demoClasses())
      .makeNavigator(showing: descriptor, root: data)
    return (HeadlessApp(navigator: navigator), data)
  }

  /// Reads `text` as a descriptor named `file` and returns its diagnostics' descriptions.
  static func problems(_ text: String, file: String = "T.json") -> [String] {
    TableDescriptor.read(data: Data(text.utf8), file: file).diagnostics.map(\.description)
  }
}
