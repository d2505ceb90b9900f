import Foundation
import Trellis
import TrellisDescriptors
import TrellisSQL

/// The canonical descriptors of the screens inferred from a database's schema: a home screen
/// listing its tables and views, each with its row count and pushing its list; and a list per
/// table, searchable and batched, whose rows open a form generated from the table's columns.
///
/// They are data (``Value`` trees in the canonical schema), so that `trellis describe` prints
/// exactly what `trellis serve DATA` shows, and serving the printed files shows it again.
package struct InferredDescriptors: Sendable {
  /// A descriptor and the name it is pushed by (its file's name without `.json`).
  package struct Named: Sendable {
    package var name: String
    package var document: Value

    /// A descriptor named `name`.
    package init(name: String, document: Value) {
      self.name = name
      self.document = document
    }
  }

  /// The home screen's descriptor.
  package var home: Named
  /// One descriptor per table or view that can be listed, in the home screen's order.
  package var tables: [Named]

  /// How many rows a list shows at first, and how many more each "Load more" brings.
  package static let batchSize = 50

  /// Where the tables are: what each list's `source` names.
  package enum Origin: Sendable {
    /// An SQLite file, as the descriptors should write it: relative to their folder, or
    /// absolute.
    case sqlite(file: String)
    /// A PostgreSQL database, by its address without a password.
    case postgres(url: String)

    /// The `source` of `table`'s list.
    func source(of table: String) -> Value {
      switch self {
      case .sqlite(let file):
        ["sqlite": ["file": .string(file), "table": .string(table), "inferred": true]]
      case .postgres(let url): ["postgres": ["url": .string(url), "table": .string(table)]]
      }
    }
  }

  /// The descriptors of `schema`, whose sources name the file `file` (as the descriptors
  /// should write it: relative to their folder, or absolute).
  ///
  /// - Parameters:
  ///   - title: the home screen's title (the file's name).
  ///   - readOnly: whether every list and form only shows (`--read-only`).
  package init(schema: InferredSchema, file: String, title: String, readOnly: Bool) {
    self.init(schema: schema, origin: .sqlite(file: file), title: title, readOnly: readOnly)
  }

  /// The descriptors of `schema`, whose tables are at `origin`.
  ///
  /// - Parameters:
  ///   - title: the home screen's title (the file's or the database's name).
  ///   - readOnly: whether every list and form only shows (`--read-only`).
  ///   - changes: how other programs' changes show, in words, for the home screen; `nil` to
  ///     say nothing.
  package init(
    schema: InferredSchema, origin: Origin, title: String, readOnly: Bool, changes: String? = nil
  ) {
    let names = InferredNames(schema)
    var used: Set<String> = []
    var screens: [String: String] = [:]
    for table in schema.tables where Self.isListed(table) {
      var name = Self.screenName(table.name)
      while !used.insert(name).inserted { name += "_" }
      screens[table.name] = name
    }
    var tables: [Named] = []
    let references = SchemaReferences(schema)
    for table in schema.tables {
      guard let screen = screens[table.name] else { continue }
      tables.append(
        Named(
          name: screen,
          document: Self.list(
            table, schema: schema, references: references, names: names, origin: origin,
            readOnly: readOnly)))
    }
    self.tables = tables
    self.home = Named(
      name: Self.homeName(title, besides: used),
      document: Self.home(
        schema: schema, origin: origin, title: title, screens: screens, readOnly: readOnly,
        changes: changes))
  }

  /// Descriptors inferred from another kind of data (an OpenAPI document): a home screen and
  /// the lists it pushes.
  package init(home: Named, tables: [Named]) {
    self.home = home
    self.tables = tables
  }

  /// Every descriptor, the home screen's first.
  package var all: [Named] { [home] + tables }

  /// Reads every descriptor into `library`, each under its name, with `classes`; returns the
  /// home screen's descriptor (`nil` when it did not read) and what reading found.
  package func read(
    into library: inout DescriptorLibrary, classes: DescriptorClasses = DescriptorClasses()
  ) -> (home: TableDescriptor?, diagnostics: [Diagnostic]) {
    var home: TableDescriptor?
    var diagnostics: [Diagnostic] = []
    for named in all {
      let data: Data
      do { data = try DocumentWriter.data(for: named.document, format: .json) } catch {
        diagnostics.append(error)
        continue
      }
      let result = TableDescriptor.read(data: data, file: "\(named.name).json", classes: classes)
      diagnostics += result.diagnostics
      guard let descriptor = result.descriptor else { continue }
      library.descriptors[named.name] = descriptor
      if named.name == self.home.name { home = descriptor }
    }
    return (home, diagnostics)
  }

  /// A library holding every descriptor, each under its name, that opens every kind of
  /// store source; the home screen's descriptor (`nil` when it did not read) and what reading
  /// found.
  package func library(classes: DescriptorClasses = DescriptorClasses()) -> (
    home: TableDescriptor?, library: DescriptorLibrary, diagnostics: [Diagnostic]
  ) {
    var library = DescriptorLibrary(classes: classes)
    library.registerStoreSources()
    let (home, diagnostics) = read(into: &library, classes: classes)
    return (home, library, diagnostics)
  }

  /// Whether a table gets a list: any table or view with a column to show (a full-text
  /// index gives its table's search instead).
  static func isListed(_ table: InferredTable) -> Bool {
    table.kind != .fullTextIndex && !table.columns.isEmpty
  }

  /// The home screen's name: its title's, or with `_home` after it when a list has that
  /// name (`tasks.sqlite` with a `tasks` table): `--screen tasks` gives the table's list.
  package static func homeName(_ title: String, besides lists: Set<String>) -> String {
    let name = screenName(title)
    return lists.contains(name) ? name + "_home" : name
  }

  /// A name a descriptor file can have: letters, digits and `_`.
  package static func screenName(_ text: String) -> String {
    let base = (text as NSString).deletingPathExtension
    let cleaned = String(base.map { $0.isLetter || $0.isNumber || $0 == "_" ? $0 : "_" })
    return cleaned.isEmpty ? "Data" : cleaned
  }

  /// The home screen: a section of tables, one of views, one of tables shown read-only with
  /// the reason in its footer.
  ///
  /// A table or view with a list shows how many rows its list's source holds, following its
  /// changes (a `count` text); any other shows the number read with the schema.
  static func home(
    schema: InferredSchema, origin: Origin, title: String, screens: [String: String],
    readOnly: Bool, changes: String? = nil
  ) -> Value {
    func row(_ table: InferredTable) -> Value {
      var entries: ValueDictionary = [
        "id": .string(table.name), "text": .string(table.name),
        "detail": .string("\(table.rowCount) row\(table.rowCount == 1 ? "" : "s")"),
        "cellStyle": "value1",
      ]
      if let screen = screens[table.name] {
        entries["detail"] = ["count": origin.source(of: table.name), "unit": "row"]
        entries["accessory"] = "disclosureIndicator"
        entries["push"] = .string(screen)
      }
      return .dictionary(entries)
    }
    let editable = schema.tables.filter { $0.kind == .table && $0.readOnlyReason == nil }
    let views = schema.tables.filter { $0.kind == .view }
    let others = schema.tables.filter {
      $0.kind != .view && $0.readOnlyReason != nil && isListed($0)
    }
    let indexes = schema.tables.filter { $0.kind == .fullTextIndex }
    var sections: [Value] = []
    if !editable.isEmpty {
      var section: ValueDictionary = [
        "id": "tables", "header": "Tables", "rows": .array(editable.map(row)),
      ]
      var notes: [String] = []
      if readOnly { notes.append("Served read-only: nothing can be changed.") }
      if let changes { notes.append(changes) }
      if !notes.isEmpty { section["footer"] = .string(notes.joined(separator: "\n")) }
      sections.append(.dictionary(section))
    }
    if !views.isEmpty {
      // A view that cannot be read (one over a table dropped since) says why.
      let broken = views.filter(\.columns.isEmpty).compactMap { view in
        view.readOnlyReason.map { "\(view.name): \($0)." }
      }
      let footer = ["Views are read-only: their rows are computed from other tables."] + broken
      sections.append(
        [
          "id": "views", "header": "Views", "rows": .array(views.map(row)),
          "footer": .string(footer.joined(separator: "\n")),
        ])
    }
    if !others.isEmpty {
      let reasons = others.map { "\($0.name): \($0.readOnlyReason ?? "read-only")." }
      sections.append(
        [
          "id": "readOnly", "header": "Read-only tables", "rows": .array(others.map(row)),
          "footer": .string(reasons.joined(separator: "\n")),
        ])
    }
    if !indexes.isEmpty {
      let notes = indexes.map { "\($0.name): \($0.readOnlyReason ?? "a full-text index")." }
      sections.append(
        [
          "id": "search", "header": "Full-text indexes", "rows": .array(indexes.map(row)),
          "footer": .string(notes.joined(separator: "\n")),
        ])
    }
    if sections.isEmpty {
      sections.append(
        ["id": "tables", "header": "Tables", "rows": [["text": "The file has no table"]]])
    }
    return [
      "schemaVersion": .int(TableDescriptor.currentSchemaVersion), "title": .string(title),
      "sections": .array(sections),
    ]
  }

  /// A table's list: its rows from the file, batched and searchable, each opening its form;
  /// the footer states what deleting a row does.
  static func list(
    _ table: InferredTable, schema: InferredSchema, references: SchemaReferences,
    names: InferredNames, origin: Origin, readOnly: Bool
  ) -> Value {
    let shown = Self.shownKeys(table, schema: schema, names: names)
    let editable = !readOnly && table.readOnlyReason == nil && table.kind == .table
    var section: ValueDictionary = [
      "id": "rows",
      "header": ["count": origin.source(of: table.name), "unit": "row"],
      "source": origin.source(of: table.name),
      "batchSize": .int(batchSize),
    ]
    // Titles read through a to-one ("book.title") are the rows' own (their definition's).
    let titles = names.titleKeys(table)
    if titles.count == 1, let title = titles.first, shown.contains(title) {
      section["title"] = .string(title)
    }
    let search = searchKeys(table, schema: schema, names: names).filter(shown.contains)
    if !search.isEmpty { section["search"] = .array(search.map(Value.string)) }
    section["placeholder"] = .string("No \(names.item(table).lowercased()) rows")
    if editable && table.addingRefusal == nil {
      section["addItem"] = .string("New \(Humanizer.title(for: names.item(table)))")
    } else if editable {
      section["allowAddingItems"] = false
    } else {
      section["allowAddingItems"] = false
      section["allowDeletingItems"] = false
      section["allowMovingItems"] = false
      section["allowEditDetailView"] = false
    }
    var notes = deleteRules(table, references: references, names: names)
    if let reason = table.readOnlyReason { notes.insert("Read-only: \(reason).", at: 0) }
    if readOnly && table.readOnlyReason == nil { notes.insert("Served read-only.", at: 0) }
    if editable, let refusal = table.addingRefusal {
      notes.insert("Rows cannot be added here: \(refusal).", at: 0)
    }
    if !notes.isEmpty { section["footer"] = .string(notes.joined(separator: "\n")) }
    var screen: ValueDictionary = [
      "schemaVersion": .int(TableDescriptor.currentSchemaVersion),
      "title": .string(table.name), "editable": .bool(editable), "sections": [.dictionary(section)],
    ]
    // A new row is a tap away in the bar, not only at the end of a long list in edit mode.
    if editable && table.addingRefusal == nil { screen["navigationBar"] = "addEditRight" }
    return .dictionary(screen)
  }

  /// The keys a table's items have in a form: its columns' keys
  /// (``InferredNames/columnKeys(_:)``), but those of its to-ones.
  static func shownKeys(_ table: InferredTable, schema: InferredSchema, names: InferredNames)
    -> Set<String>
  {
    let keys = Set(schema.toOneKeys(of: table).map(\.column))
    let columnKeys = names.columnKeys(table)
    return Set(table.shownColumns.map(\.name).filter { !keys.contains($0) }.map(columnKeys.key))
  }

  /// The columns a search looks in: those of a full-text index of the table, else its text
  /// columns.
  static func searchKeys(_ table: InferredTable, schema: InferredSchema, names: InferredNames)
    -> [String]
  {
    let indexed = schema.fullTextIndexes(of: table.name)
    let keys = names.columnKeys(table)
    let fromIndex = indexed.flatMap(\.columns).map(\.name).filter { table.column($0) != nil }
    if !fromIndex.isEmpty { return fromIndex.map(keys.key) }
    let texts = table.shownColumns.filter { $0.kind == .text }.map(\.name)
    return (texts.isEmpty ? [names.titleColumn(table)].compactMap { $0 } : texts).map(keys.key)
  }

  /// What deleting one of the table's rows does to the rows pointing at it, in words.
  static func deleteRules(
    _ table: InferredTable, references: SchemaReferences, names: InferredNames
  ) -> [String] {
    var notes: [String] = []
    let item = Humanizer.title(for: names.item(table))
    let anItem = "\(EnglishNoun.indefiniteArticle(for: item)) \(item)"
    for (source, key) in references.inverseKeys(of: table) {
      let what = "its \(Humanizer.title(for: names.inverse(key, in: source)))"
      let sql = "ON DELETE \(key.onDelete.rawValue.sqlWords)"
      switch key.onDelete {
      case .cascade: notes.append("Deleting \(anItem) deletes \(what) (\(sql)).")
      case .setNull, .setDefault:
        notes.append("Deleting \(anItem) clears it from \(what) (\(sql)).")
      case .restrict, .noAction:
        notes.append("\(capitalised(anItem)) cannot be deleted while \(what) point at it (\(sql)).")
      }
    }
    for join in references.joins {
      for (own, other) in [(join.source, join.target), (join.target, join.source)]
      where own.targetTable == table.name {
        notes.append(
          "Deleting \(anItem) takes it out of its "
            + "\(Humanizer.title(for: names.manyToMany(join, from: own))) (\(join.table)); "
            + "\(other.targetTable) rows stay.")
      }
    }
    return notes
  }

  private static func capitalised(_ words: String) -> String {
    words.prefix(1).uppercased() + words.dropFirst()
  }
}

extension String {
  /// A delete action's raw value as SQL writes it: `setNull` → `SET NULL`.
  fileprivate var sqlWords: String {
    var words = ""
    for character in self {
      if character.isUppercase { words += " " }
      words += character.uppercased()
    }
    return words
  }
}
