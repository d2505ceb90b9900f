import Foundation
import Testing
import Trellis
import TrellisTesting
import TrellisWebService

/// A web-service store keeps one object per record while anything holds it. It holds its
/// objects strongly, and a sweep drops the ones only it still holds: after a list lets go of
/// them, and when its map has doubled.
@Suite("Web service: the objects a store keeps")
struct KeptObjectsTests {
  /// An object of `item`, for comparing identities.
  static func object(_ item: Value?) -> AnyObject? { item?.objectValue as AnyObject? }

  @Test func aListThatLetsGoLeavesOnlyTheObjectsStillHeld() async throws {
    let service = try await ArrivedValuesTests.start()
    weak var dropped: DocumentObject?
    var held: Value?
    do {
      let list = try await service.store.openList()
      let items = list.section.currentItems
      try #require(items.count == 3)
      dropped = items[0].objectValue as? DocumentObject
      held = items[1]
      #expect(dropped != nil)
    }
    // The list is gone: the sweep it asked for frees what nothing else holds.
    await service.store.sweepFinished()
    #expect(dropped == nil, "an object that only the store held is still alive")
    #expect(service.store.keptObjectCount == 1)
    // The object still held is the one a new read brings back.
    let again = try await service.store.fetchPage(FetchOptions(), from: nil)
    #expect(again.items.count == 3)
    #expect(Self.object(again.items[1]) === Self.object(held))
    await service.server.stop()
  }

  @Test func readingManyObjectsNobodyHoldsKeepsFewOfThem() async throws {
    let service = try await ArrivedValuesTests.start(notes: 5_000)
    var options = FetchOptions()
    options.batchSize = 500
    var token: PageToken?
    var read = 0
    repeat {
      let page = try await service.store.fetchPage(options, from: token)
      read += page.items.count
      token = page.next
    } while token != nil
    #expect(read == 5_000)
    // The map swept when it reached 4,096 objects, keeping only the page being read then.
    #expect(service.store.keptObjectCount < 4_096)
    service.store.sweepObjects()
    #expect(service.store.keptObjectCount == 0)
    await service.server.stop()
  }
}
