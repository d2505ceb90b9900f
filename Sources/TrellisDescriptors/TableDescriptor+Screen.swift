import Trellis

extension TableDescriptor {
  /// Builds the screen bound to a tree of values (a data document's root, say), wrapped in a
  /// ``DocumentObject`` that edits write to; see ``makeScreen(root:library:)``.
  public func makeScreen(rootValue: Value, library: DescriptorLibrary = DescriptorLibrary())
    throws(DiagnosticList) -> (screen: Screen, data: DocumentObject)
  {
    let data = DocumentObject(rootValue)
    return (try makeScreen(root: data, library: library), data)
  }

  /// Builds the screen this descriptor describes, bound both ways to `root`.
  ///
  /// Every object, key path, condition, action and push is resolved first; if any fails, every
  /// problem is thrown, located in the descriptor, and no screen is made. Afterwards rows read
  /// their values whenever they are rendered, and edits write through their key paths. When
  /// the root is a ``DocumentObject``, every change to it re-evaluates texts and conditions,
  /// the title, headers and footers, and shows or hides sections whose `visible` condition
  /// changed; so does every write through a ``SettingsBundleObject`` root.
  ///
  /// Sections and rows are reached by name with ``Screen/boundSection(named:)`` and
  /// ``Screen/boundRow(named:)``; ``bind(root:library:)`` also returns the warnings.
  public func makeScreen(
    root: any KeyValueCoding, library: DescriptorLibrary = DescriptorLibrary()
  ) throws(DiagnosticList) -> Screen {
    let result = bind(root: root, library: library)
    guard let screen = result.screen else { throw DiagnosticList(result.diagnostics) }
    return screen
  }

  /// Builds the screen as ``makeScreen(root:library:)`` does, and returns it with every
  /// problem found: the screen is `nil` when there is an error; warnings (a colour key path
  /// that cannot be read, a cell class that is not registered) leave it whole.
  public func bind(root: any KeyValueCoding, library: DescriptorLibrary = DescriptorLibrary())
    -> (screen: Screen?, diagnostics: [Diagnostic])
  {
    if let singleObject { return bindSingleObject(singleObject, root: root, library: library) }
    let binder = DescriptorBinder(descriptor: self, library: library, root: root)
    var diagnostics: [Diagnostic] = []
    func attempt<T>(_ body: () throws(Diagnostic) -> T) -> T? {
      do { return try body() } catch {
        diagnostics.append(error)
        return nil
      }
    }
    let title = attempt { () throws(Diagnostic) in try binder.text(self.title, root) } ?? nil
    var built: [DescriptorVisibility.Entry] = []
    for (sectionIndex, section) in sections.enumerated() {
      guard
        let base = attempt({ () throws(Diagnostic) in try binder.resolve(section.object, from: root)
        })
      else { continue }
      if let source = section.source {
        let header = attempt { () throws(Diagnostic) in try binder.text(section.header, base) }
        let footer = attempt { () throws(Diagnostic) in try binder.text(section.footer, base) }
        _ = attempt { () throws(Diagnostic) in
          try binder.holds(section.visible, base, fallback: true)
        }
        do {
          let list = try binder.listSection(
            section, source: source, id: section.name ?? "section\(sectionIndex)",
            header: header ?? nil, footer: footer ?? nil)
          built.append(
            .init(condition: section.visible, section: list, object: base, descriptor: section))
        } catch { diagnostics += error.diagnostics }
        continue
      }
      if let group = section.settingsList {
        let header = attempt { () throws(Diagnostic) in try binder.text(section.header, base) }
        let footer = attempt { () throws(Diagnostic) in try binder.text(section.footer, base) }
        let id = section.name ?? "section\(sectionIndex)"
        let made = DescriptorSection.listing(
          SettingsListing(group: group, root: base, sectionID: id), id: id, descriptor: section,
          object: base, binder: binder, header: header ?? nil,
          footer: footer ?? nil)
        made.isEditable = made.isEditable || group.isDeletable
        for entry in made.entries { diagnostics += made.problems(entry) }
        built.append(
          .init(condition: section.visible, section: made, object: base, descriptor: section))
        continue
      }
      var objects = [base]
      if let list = section.list {
        guard
          let elements = attempt({ () throws(Diagnostic) in
            try binder.elements(list, from: base, at: section.location)
          })
        else { continue }
        objects = elements
      }
      for (item, object) in objects.enumerated() {
        var sectionID = section.name ?? "section\(sectionIndex)"
        if section.list != nil { sectionID += "#\(item)" }
        let entries = DescriptorListedRows.entries(
          of: section, object: object, sectionID: sectionID, binder: binder,
          problems: &diagnostics)
        let header = attempt { () throws(Diagnostic) in try binder.text(section.header, object) }
        let footer = attempt { () throws(Diagnostic) in try binder.text(section.footer, object) }
        // Rows repeated over a list follow it: the data may change in another window.
        let made =
          section.rows.contains { $0.list != nil }
          ? DescriptorSection.listing(
            DescriptorListedRows(
              section: section, object: object, sectionID: sectionID, binder: binder),
            id: sectionID, descriptor: section, object: object, binder: binder,
            header: header ?? nil, footer: footer ?? nil)
          : DescriptorSection(
            id: sectionID, descriptor: section, object: object, entries: entries,
            binder: binder, header: header ?? nil, footer: footer ?? nil)
        for entry in entries { diagnostics += made.problems(entry) }
        _ = attempt { () throws(Diagnostic) in
          try binder.holds(section.visible, object, fallback: true)
        }
        built.append(
          .init(condition: section.visible, section: made, object: object, descriptor: section))
      }
    }
    // A row repeated over a list repeats its mistakes: report each once.
    var seen: Set<Diagnostic> = []
    diagnostics = diagnostics.filter { seen.insert($0).inserted }
    guard !diagnostics.contains(where: { $0.severity == .error }) else {
      return (nil, diagnostics)
    }
    let model = TableModel(title: title, style: style)
    model.theme = library.theme
    model.themeStyle = themeStyle
    model.allowsMultipleSelection = selection.allowsMultipleSelection
    model.allowsMultipleSelectionDuringEditing = selection.allowsMultipleSelectionDuringEditing
    let screen = Screen(
      model: model, navigationBar: navigationBar ?? (isEditable ? .editRight : .none))
    let visibility = DescriptorVisibility(model: model, binder: binder, sections: built)
    visibility.update()
    // The model keeps the visibility; the data's change handlers must not, or the data would
    // keep the screen's sections (and what they observe) alive after the screen is gone.
    model.ownedObjects.append(visibility)
    let refresh: (String) -> Void = { [weak model, weak visibility] _ in
      guard let model, let visibility else { return }
      visibility.update()
      model.invalidateAll()
    }
    if let settings = root as? SettingsBundleObject
      ?? (root as? any SettingsBundleView)?.bundleValues
    {
      let previous = settings.onChange
      settings.onChange = { key in
        previous?(key)
        refresh(key)
      }
    } else if let document = root.underlyingDocument {
      let previous = document.onChange
      document.onChange = { keyPath in
        previous?(keyPath)
        refresh(keyPath)
      }
    }
    return (screen, diagnostics)
  }
}

/// Shows the sections whose `visible` condition holds, in order.
final class DescriptorVisibility {
  /// A section made from a descriptor: rows, or a source's list.
  struct Entry {
    let condition: DescriptorCondition?
    let section: Section
    /// The object its header, footer and condition read from.
    let object: any KeyValueCoding
    let descriptor: SectionDescriptor
  }

  weak var model: TableModel?
  let binder: DescriptorBinder
  let sections: [Entry]

  init(model: TableModel, binder: DescriptorBinder, sections: [Entry]) {
    self.model = model
    self.binder = binder
    self.sections = sections
  }

  func update() {
    guard let model else { return }
    // Rows that follow a list take it as it is now.
    for entry in sections { (entry.section as? DescriptorSection)?.relist() }
    // Titles read by key path follow the data too.
    if case .keyPath? = binder.descriptor.title {
      let title = (try? binder.text(binder.descriptor.title, binder.root)) ?? nil
      if model.title != title { model.title = title }
    }
    for entry in sections {
      let section = entry.section
      let rows = section as? DescriptorSection
      let header =
        rows?.headerOverride ?? ((try? binder.text(entry.descriptor.header, entry.object)) ?? nil)
      if section.headerTitle != header { section.headerTitle = header }
      let footer =
        rows?.footerOverride ?? ((try? binder.text(entry.descriptor.footer, entry.object)) ?? nil)
      if section.footerTitle != footer { section.footerTitle = footer }
    }
    let visible = sections.filter { entry in
      (try? binder.holds(entry.condition, entry.object, fallback: true)) ?? false
    }.map(\.section)
    // Sections the app added to the screen stay, after the descriptor's.
    let own = Set(sections.map { ObjectIdentifier($0.section) })
    let shown = model.sections.filter { own.contains(ObjectIdentifier($0)) }
    guard visible.map(ObjectIdentifier.init) != shown.map(ObjectIdentifier.init) else { return }
    let added = model.sections.filter { !own.contains(ObjectIdentifier($0)) }
    model.removeAllSections()
    for section in visible + added { model.addSection(section) }
  }
}
