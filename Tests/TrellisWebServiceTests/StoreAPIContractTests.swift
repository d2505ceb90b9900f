import Testing
import Trellis
import TrellisTesting
import TrellisWeb
import TrellisWebService

/// The web-service store over Trellis's own REST API (what the demo serves): the async store
/// contract, over HTTP, against a real server per check.
@Suite("The web-service store over a Store API keeps the async contract")
struct StoreAPIContractTests {
  @Test func overAMemoryStore() async throws {
    let servers = Locked<[LoopbackServer]>([])
    var definition = try DataDefinition.dictionary(keys: "id;name;rank")
    definition["name"]?.isRequired = true
    definition["rank"]?.valueKind = .int
    definition.titlePropertyNames = ["name"]
    let items = definition
    let contract = AsyncStoreContract(
      refusedValues: (["name": ""], "name"), searches: true)
    let failures = await contract.check { records in
      let memory = MemoryStore(
        items: records.enumerated().map { index, record in
          .object(
            ObjectReference(
              DocumentObject(
                ["id": .int(index + 1), "name": .string(record.name), "rank": .int(record.rank)])))
        }, definition: items)
      let api = try StoreAPI(store: memory, definition: items, path: "/api/people/", idKey: "id")
      let server = await LoopbackServer.start { running in
        api.application(onServerRunning: running)
      }
      servers.withLock { $0.append(server) }
      var service = WebServiceDefinition.djangoREST(
        baseURL: server.baseURL, resource: "api/people/", keys: "name;rank")
      service.valueKinds = ["rank": .int]
      return try WebServiceStore(service)
    }
    #expect(failures == [])
    for server in servers.withLock({ $0 }) { await server.stop() }
  }
}
