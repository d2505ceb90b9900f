import Foundation
import Testing
import TrellisValues

@testable import TrellisDocuments

@Suite("Binary property lists")
struct BinaryPlistTests {
  typealias Support = DocumentTestSupport

  @Test func roundTripKeepsOrderAndEveryType() throws {
    let data = try DocumentWriter.data(for: Support.plistTree, format: .binaryPlist)
    #expect(data.starts(with: Array("bplist00".utf8)))
    let document = try LocatedDocument(data: data)
    #expect(document.format == .binaryPlist)
    #expect(document.root == Support.plistTree)
    #expect(document.locations.isEmpty)
  }

  @Test func foundationReadsWhatTrellisWrites() throws {
    let data = try DocumentWriter.data(for: Support.plistTree, format: .binaryPlist)
    let theirs = try PropertyListSerialization.propertyList(from: data, format: nil)
    #expect(FoundationBridge.value(theirs) == FoundationBridge.sortedKeys(Support.plistTree))
  }

  @Test func trellisReadsWhatFoundationWrites() throws {
    let object = FoundationBridge.object(Support.plistTree)
    let data = try PropertyListSerialization.data(
      fromPropertyList: object, format: .binary, options: 0)
    let ours = try LocatedDocument(data: data, format: .binaryPlist).root
    #expect(FoundationBridge.sortedKeys(ours) == FoundationBridge.sortedKeys(Support.plistTree))
  }

  @Test func largeCountsAndManyObjects() throws {
    let strings = (0..<70_000).map { Value.string("item \($0)") }
    let tree: Value = [
      "list": .array(strings), "long": .string(String(repeating: "x", count: 300)),
    ]
    let data = try DocumentWriter.data(for: tree, format: .binaryPlist)
    #expect(try LocatedDocument(data: data).root == tree)
    let theirs = try PropertyListSerialization.propertyList(from: data, format: nil)
    #expect(FoundationBridge.value(theirs) == FoundationBridge.sortedKeys(tree))
  }

  @Test func equalScalarsAreShared() throws {
    let tree: Value = ["a": "same", "b": "same", "c": "same"]
    let shared = try DocumentWriter.data(for: tree, format: .binaryPlist)
    let distinct = try DocumentWriter.data(
      for: ["a": "same1", "b": "same2", "c": "same3"], format: .binaryPlist)
    #expect(shared.count < distinct.count)
    // Canonically equal but different strings stay distinct.
    let accents: Value = ["x": "\u{E9}", "y": "e\u{301}"]
    let data = try DocumentWriter.data(for: accents, format: .binaryPlist)
    let root = try LocatedDocument(data: data).root.dictionaryValue
    #expect(root?["y"]?.stringValue.map { Array($0.unicodeScalars) } == ["e", "\u{301}"])
  }

  @Test func nullCannotBeWritten() throws {
    #expect {
      try DocumentWriter.data(for: ["a": ["b": nil]], format: .binaryPlist)
    } throws: { error in
      (error as? Diagnostic)?.message
        == "cannot write 'a.b' as a binary property list: the format has no null"
    }
  }

  /// A hand-built file: header, objects, offset table, trailer.
  static func file(
    objects: [[UInt8]], top: UInt64 = 0, offsetSize: UInt8 = 1, referenceSize: UInt8 = 1
  ) -> Data {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for object in objects {
      offsets.append(bytes.count)
      bytes += object
    }
    let table = bytes.count
    for offset in offsets { bytes.append(UInt8(offset)) }
    bytes += [0, 0, 0, 0, 0, 0, offsetSize, referenceSize]
    for value in [UInt64(objects.count), top, UInt64(table)] {
      bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * UInt64($0))) }
    }
    return Data(bytes)
  }

  @Test func handBuiltFileReads() throws {
    let data = Self.file(objects: [[0xD1, 1, 2], [0x51, 0x6B], [0x10, 0x07]])
    #expect(try LocatedDocument(data: data).root == ["k": 7])
  }

  @Test(arguments: [
    (file(objects: [[0xA1, 0]]), "contains itself"),
    (file(objects: [[0xA1, 5]]), "reference 5 is out of range"),
    (file(objects: [[0xA3, 0]]), "runs past the end"),
    (file(objects: [[0x5F, 0x10, 0xFF]]), "runs past the end"),
    (file(objects: [[0xD1, 1, 1], [0x10, 1]]), "dictionary key is not a string"),
    (file(objects: [[0x80, 1]]), "UIDs"),
    (file(objects: [[0x70]]), "unknown marker 0x70"),
    (file(objects: [[0x09]], top: 3), "invalid trailer"),
    (file(objects: [[0x09]], offsetSize: 0), "invalid trailer"),
    (file(objects: [[0x61, 0xD8, 0x00]]), "invalid UTF-16"),
    (file(objects: [[0x51, 0xC3]]), "non-ASCII"),
    (Data("bplist00".utf8), "too short"),
  ])
  func malformedFilesFailCleanly(data: Data, message: String) {
    do {
      _ = try LocatedDocument(data: data, format: .binaryPlist)
      Issue.record("expected an error")
    } catch {
      #expect(error.message.contains(message), "\(error)")
      #expect(error.location == nil)
    }
  }

  @Test func sharedContainersCannotExplode() throws {
    // Each array holds its successor twice: 2^40 elements if expanded.
    var objects: [[UInt8]] = []
    for index in 0..<40 { objects.append([0xA2, UInt8(index + 1), UInt8(index + 1)]) }
    objects.append([0x09])
    let data = Self.file(objects: objects)
    do {
      _ = try LocatedDocument(data: data, format: .binaryPlist)
      Issue.record("expected an error")
    } catch {
      #expect(error.message.contains("expand"))
    }
  }

  @Test func everyTruncationFailsCleanly() throws {
    let data = try DocumentWriter.data(for: Support.plistTree, format: .binaryPlist)
    for length in 0..<data.count {
      #expect(throws: Diagnostic.self) {
        try LocatedDocument(data: data.prefix(length), format: .binaryPlist)
      }
    }
  }

  @Test func errorsAboutEntriesNameTheFileAndTheObjectsByteOffset() throws {
    let root: Value = .dictionary(["title": "Book", "sections": .array([1, "two"])])
    let data = try DocumentWriter.data(for: root, format: .binaryPlist)
    let document = try LocatedDocument(data: data, file: "Book.plist")
    let offset = try #require(document.byteOffsets["sections.1"])
    #expect(data[offset] >> 4 == 0x5)  // the ASCII string "two"
    #expect(document.byteOffsets[""] != nil)
    let diagnostic = document.diagnostic("not a section", atKeyPath: "sections.1")
    #expect(
      diagnostic.description
        == "Book.plist: error: not a section (binary property list, object at byte offset \(offset))"
    )
    // An entry added after reading is placed at its nearest enclosing object.
    let added = document.diagnostic("unknown", atKeyPath: "sections.7")
    let sections = try #require(document.byteOffsets["sections"])
    #expect(added.message.hasSuffix("object at byte offset \(sections))"))
  }

  @Test func errorsAboutTheWholeFileNameAByteOffset() {
    for bytes in [
      Array("bplist00".utf8), Array("bplist00".utf8) + [UInt8](repeating: 0, count: 32),
    ] {
      do {
        _ = try LocatedDocument(data: Data(bytes), format: .binaryPlist, file: "Short.plist")
        Issue.record("read \(bytes.count) bytes")
      } catch {
        #expect(error.file == "Short.plist")
        #expect(error.message.hasPrefix("binary property list: "))
        #expect(error.message.contains("at byte offset "), "\(error.message)")
      }
    }
  }
}
