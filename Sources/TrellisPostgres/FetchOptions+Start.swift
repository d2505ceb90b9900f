import Trellis

extension FetchOptions {
  /// The offset of the page `token` asks for, or the options' own for the first page; paged
  /// by offset, a `store` refuses a token that is an address.
  func start(at token: PageToken?, of store: String) throws(StoreError) -> Int {
    switch token {
    case nil: Swift.max(offset, 0)
    case .offset(let offset): Swift.max(offset, 0)
    case .url(let address):
      throw .invalidItem("\(store) pages by offset, not by address (\(address))")
    }
  }
}
