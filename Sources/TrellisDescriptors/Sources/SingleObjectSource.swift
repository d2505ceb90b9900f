import Trellis

/// The store whose one object a descriptor's screen edits (the canonical `singleObject` key):
/// its first object, or a new one that the first Done inserts.
///
/// Bound, it becomes the form of ``Trellis/Screen/init(singleObjectOf:definition:title:)``
/// over the store a ``DescriptorLibrary`` opens for ``source``.
public struct SingleObjectSource: Hashable, Sendable {
  /// Where the object comes from: an SQLite table, a list in a document, or a web service.
  public var source: ListSource
  /// Where the `singleObject` key is written.
  public var location: SourceLocation?
  /// Where each of the source's settings is written, by name (`file`, `table`, `baseURL`).
  public var settingLocations: [String: SourceLocation]

  /// Creates a single-object source.
  public init(
    source: ListSource, location: SourceLocation? = nil,
    settingLocations: [String: SourceLocation] = [:]
  ) {
    self.source = source
    self.location = location
    self.settingLocations = settingLocations
  }

  /// The same source as a section's, which is how a library opens sources.
  var sectionSource: SectionSource {
    SectionSource(source: source, location: location, settingLocations: settingLocations)
  }
}
