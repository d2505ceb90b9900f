import Testing
import Trellis
import TrellisTesting

@Suite("AsyncStoreWrapper keeps the async store contract")
struct AsyncStoreWrapperContractTests {
  @Test func overAMemoryStore() async throws {
    let definition = try DataDefinition.dictionary(keys: "name;rank")
    let failures = await AsyncStoreContract(searches: true).check { records in
      AsyncStoreWrapper(
        MemoryStore(
          items: records.map { .object(ObjectReference(DocumentObject($0.dictionary))) },
          definition: definition), latency: .milliseconds(1))
    }
    #expect(failures == [])
  }

  @Test func aStoreThatRepeatsItsFirstPageFailsTheContract() async throws {
    let definition = try DataDefinition.dictionary(keys: "name;rank")
    let failures = await AsyncStoreContract().check { records in
      StuckStore(
        AsyncStoreWrapper(
          MemoryStore(
            items: records.map { .object(ObjectReference(DocumentObject($0.dictionary))) },
            definition: definition)))
    }
    #expect(failures.contains { $0.check == "pages" })
  }
}

/// A store whose every page is the first: the contract must notice.
final class StuckStore: ForwardingAsyncStore {
  let inner: AsyncStoreWrapper
  init(_ inner: AsyncStoreWrapper) { self.inner = inner }
  func fetchPage(_ options: FetchOptions, from token: PageToken?) async throws(StoreError)
    -> StorePage
  {
    var page = try await inner.fetchPage(options, from: nil)
    if token != nil { page.next = nil }
    return page
  }
}
