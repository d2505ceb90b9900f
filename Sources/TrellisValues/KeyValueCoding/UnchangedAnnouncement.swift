import Observation

/// An object that many windows read (a web app's shared state) and that can announce its
/// observed values as changed while they stay as they are.
///
/// Observation lets go of what a row's tracked read registered in an object only when
/// something the read saw changes, so every window that closed leaves its reads behind in the
/// objects it showed. From time to time Trellis asks those objects to announce their values
/// unchanged: the closed windows' reads are let go of, and open windows read again and find
/// what they show.
///
/// Trellis does this by itself for an `@Observable` class it binds by key path (a
/// `@TableBound` class, or a section bound to an array property). Adopt this protocol for an
/// `@Observable` class whose values rows read some other way, in the file that declares it:
///
/// ```swift
/// extension Player: ObservationReleasing {
///   public func announceUnchanged() {
///     _$observationRegistrar.withMutation(of: self, keyPath: \.hand) {}
///     _$observationRegistrar.withMutation(of: self, keyPath: \.score) {}
///   }
/// }
/// ```
public protocol ObservationReleasing: AnyObject {
  /// Announces every observed value as changed, changing none. Trellis may call it from any
  /// thread; it must only tell the object's observation registrar.
  func announceUnchanged()
}

/// Announcing an object's observed values unchanged: by ``ObservationReleasing``, or, for an
/// `@Observable` class, through its registrar and the key paths of its properties.
package enum UnchangedAnnouncement {
  /// What announces `object`'s values unchanged while it lives (holding it weakly), or `nil`
  /// when it is not observable in a way known here. For an `@Observable` class the values are
  /// `keyPaths` and, when it has a ``PropertyTable``, every property in it.
  ///
  /// Call it where the object is read (it reflects the object to find its registrar); what it
  /// returns touches only the registrar, which is safe from any thread.
  package static func make(for object: AnyObject, keyPaths: Set<AnyKeyPath>) -> (() -> Void)? {
    if let releasing = object as? any ObservationReleasing {
      return { [weak releasing] in releasing?.announceUnchanged() }
    }
    guard let observable = object as? any AnyObject & Observable else { return nil }
    return announcement(of: observable, keyPaths: keyPaths)
  }

  private static func announcement<Subject: AnyObject & Observable>(
    of subject: Subject, keyPaths: Set<AnyKeyPath>
  ) -> (() -> Void)? {
    // The `@Observable` macro keeps the registrar in a stored property of this name.
    let child = Mirror(reflecting: subject).children.first { $0.label == "_$observationRegistrar" }
    guard let registrar = child?.value as? ObservationRegistrar else { return nil }
    var paths = keyPaths
    if let table = Subject.self as? any PropertyTableProviding.Type {
      paths.formUnion(propertyKeyPaths(of: table))
    }
    let announcements = paths.compactMap { path -> ((Subject) -> Void)? in
      announcement(of: path, in: registrar, as: Subject.self)
    }
    guard !announcements.isEmpty else { return nil }
    return { [weak subject] in
      guard let subject else { return }
      for announce in announcements { announce(subject) }
    }
  }

  /// The announcement of one value, when `keyPath` starts at `Subject`.
  private static func announcement<Subject: Observable>(
    of keyPath: AnyKeyPath, in registrar: ObservationRegistrar, as _: Subject.Type
  ) -> ((Subject) -> Void)? {
    func typed<Member>(_: Member.Type) -> ((Subject) -> Void)? {
      guard let path = keyPath as? KeyPath<Subject, Member> else { return nil }
      return { registrar.withMutation(of: $0, keyPath: path) {} }
    }
    return _openExistential(type(of: keyPath).valueType, do: typed)
  }

  private static func propertyKeyPaths<Root: PropertyTableProviding>(of _: Root.Type)
    -> [AnyKeyPath]
  {
    Root.propertyTable.properties.map { $0.keyPath }
  }
}
