import TrellisValues

extension DocumentFile {
  /// Saves `object`'s tree (``save(_:options:)``), and shows another program's changes to the
  /// file, merged in, in `object`: every window of it then shows them.
  ///
  /// `object` is told of the merged tree (its `onChange` runs) only when there was anything to
  /// merge.
  ///
  /// - Throws: a ``Diagnostic`` as ``save(_:options:)`` does; `object` is then unchanged.
  public mutating func save(
    _ object: DocumentObject, options: DocumentWriteOptions = DocumentWriteOptions()
  ) throws(Diagnostic) {
    let saved = try save(object.root, options: options)
    if saved != object.root { object.replaceRoot(saved) }
  }
}
