import Testing
import Trellis
import TrellisTesting
import TrellisWebService

/// The Parse preset against a server speaking the Parse REST protocol (seed 000's Parse
/// tutorial): pages by `limit` and `skip`, objects named by `objectId`, the two key headers.
@Suite("The Parse preset")
struct ParsePresetTests {
  static func service(_ server: LoopbackServer, restKey: String = ParseServer.restKey)
    -> WebServiceDefinition
  {
    var service = WebServiceDefinition.parse(
      baseURL: server.baseURL + "parse/", className: "Item",
      applicationID: ParseServer.applicationID, restAPIKey: restKey, keys: "name;rank")
    service.valueKinds = ["rank": .int]
    return service
  }

  @Test func keepsTheAsyncContract() async throws {
    let items = Locked<[ParseServer.Item]>([])
    let server = await LoopbackServer.start { running in
      ParseServer.application(items: items, onServerRunning: running)
    }
    let failures = await AsyncStoreContract(refusedValues: (["name": ""], "name")).check {
      records in
      items.withLock { items in
        items = records.enumerated().map { index, record in
          ParseServer.Item(objectId: "seed\(index)", name: record.name, rank: record.rank)
        }
      }
      return try WebServiceStore(Self.service(server))
    }
    #expect(failures == [])
    await server.stop()
  }

  @Test func aWrongKeyIsARefusalNamingTheStatus() async throws {
    let items = Locked([ParseServer.Item(objectId: "a", name: "A", rank: 1)])
    let server = await LoopbackServer.start { running in
      ParseServer.application(items: items, onServerRunning: running)
    }
    let store = try WebServiceStore(Self.service(server, restKey: "wrong"))
    await #expect(throws: StoreError.refused("the service refused access (403): unauthorized")) {
      _ = try await store.fetchPage(FetchOptions(batchSize: 7), from: nil)
    }
    await server.stop()
  }
}
