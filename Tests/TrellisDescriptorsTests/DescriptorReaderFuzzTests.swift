import Foundation
import Testing
import Trellis
import TrellisTesting

@testable import TrellisDescriptors

/// The descriptor readers against hostile input: a fixture in each of the four formats,
/// mutated many times over. Each variant reads, or fails with diagnostics that name its file;
/// never a crash. A variant that reads makes a screen that draws in the headless table view.
@Suite("Descriptor reader fuzzing")
struct DescriptorReaderFuzzTests {
  static let fixtures = [
    "Sources/Tasks.json", "GoFish.json", "RCSTableKit/Team.plist", "RCSTableKit/Player.plist",
    "RMSTableViews/RMSSettingsViewController.json", "RMSTableViews/RMSProfileViewController.plist",
    "Settings.bundle/Root.plist",
  ]

  /// Words of the descriptors' own vocabulary, put where they do not belong.
  static let words = [
    "\"sections\":", "\"rows\":", "\"type\":", "\"schemaVersion\": 99", "\"key\":",
    "<key>Type</key>",
    "<string>PSMultiValueSpecifier</string>", "<key>Values</key>", "<array/>", "<dict/>",
    "\"displaySections\"", "\"class\":", "\"predicate\": \"name ==\"", "<integer>-1</integer>",
  ]

  @Test(arguments: fixtures)
  func aMutatedDescriptorReadsOrSaysWhere(_ name: String) throws {
    let file = URL(fileURLWithPath: name).lastPathComponent
    let seed = try DescriptorTestSupport.fixtureData(name)
    var mutator = TextMutator(seed: UInt64(name.utf8.count) &* 0x9E37, words: Self.words)
    var read = 0
    for _ in 0..<250 {
      let text = mutator.mutate(String(decoding: seed, as: UTF8.self))
      let result = TableDescriptor.read(data: Data(text.utf8), file: file)
      for diagnostic in result.diagnostics {
        #expect(
          (diagnostic.location?.file ?? diagnostic.file) == file,
          "\(diagnostic) for \(text.debugDescription)")
      }
      guard let descriptor = result.descriptor else {
        #expect(result.diagnostics.contains { $0.severity == .error }, "no reason given")
        continue
      }
      read += 1
      // Bound to an empty document: every row reads nothing and draws.
      if let (screen, _) = try? descriptor.makeScreen(rootValue: [:]) {
        let app = HeadlessApp(navigator: Navigator(root: screen))
        _ = app.texts
      }
    }
    #expect(read > 0, "no variant of \(name) read: the mutations are too coarse to test much")
  }
}
