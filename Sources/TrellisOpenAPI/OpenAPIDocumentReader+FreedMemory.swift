#if canImport(Glibc)
  import Glibc
#endif

extension OpenAPIDocumentReader {
  /// Gives back to the system the memory a document's reading freed.
  ///
  /// Reading a large document passes through models many times its size; once they are
  /// freed, glibc keeps their pages for the process (in a thread's arena, which it seldom
  /// trims), so a server that read a 7 MB document would go on holding over a hundred
  /// megabytes it no longer uses.
  package static func returnFreedMemory() {
    #if canImport(Glibc)
      // `malloc_trim` is glibc's, declared in a header the Glibc module leaves out.
      typealias Trim = @convention(c) (Int) -> Int32
      guard let symbol = dlsym(nil, "malloc_trim") else { return }
      _ = unsafeBitCast(symbol, to: Trim.self)(0)
    #endif
  }
}
