import ArgumentParser
import Foundation
import Trellis
import TrellisListSources
import TrellisPostgres
import TrellisSQL
import TrellisSQLite

/// `trellis describe`: the descriptors Trellis infers from an SQLite file's or a PostgreSQL
/// database's schema, in the canonical format, to read, change and serve.
struct DescribeCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "describe",
    abstract:
      "Print the descriptors inferred from an SQLite file, a database or an OpenAPI document.",
    discussion: """
      The home screen lists the file's tables and views; each table is a list with a form per \
      row, whose rules come from the schema (see the "Any Data" article). Without --output the \
      home screen's descriptor (or --screen NAME's) is printed; with --output DIR every \
      descriptor is written there as NAME.json, and `trellis serve DIR/HOME.json` shows the \
      same screens as `trellis serve DATA`. The file is only read. For an OpenAPI document the \
      home screen lists its resources, each a list over the API (see "Any Data"); an       address ending in / is read as an API's root (Django REST framework's), each of its       lists described by its own answers.
      """)

  @Argument(
    help: ArgumentHelp(
      "The SQLite file, a postgres:// address, the OpenAPI document (a file or an "
        + "http(s) address), or an API's root address (ending in /)."))
  var data: String

  @Option(help: "A folder to write every descriptor to, as NAME.json.")
  var output: String?

  @Option(
    help:
      "The descriptor to print (a table's name, or the home screen's); the home screen's by default."
  )
  var screen: String?

  @Flag(help: "Describe lists and forms that change nothing.")
  var readOnly = false

  @Option(
    name: .customLong("base-url"),
    help: ArgumentHelp(
      "For an OpenAPI document: the address its paths are relative to (default: its first "
        + "server).", valueName: "url"))
  var baseURL: String?

  func run() throws {
    if DescriptorFiles.isPostgresAddress(data) { return try describeDatabase() }
    if DescriptorFiles.isOpenAPIDocument(data) { return try describeOpenAPI() }
    if baseURL != nil {
      CommandOutput.error(
        Diagnostic("--base-url applies to an OpenAPI document only", file: data).description)
      throw ExitCode(1)
    }
    guard DescriptorFiles.isSQLiteFile(data) else {
      CommandOutput.error(
        Diagnostic(DescriptorFiles.notData(data), file: data).description)
      throw ExitCode(1)
    }
    let schema: InferredSchema
    do { schema = try SQLiteSchemaReader.read(path: data) } catch {
      CommandOutput.error(Diagnostic(error.reason, file: data).description)
      throw ExitCode(1)
    }
    let url = URL(fileURLWithPath: data).standardizedFileURL
    let title = url.lastPathComponent
    guard let output else {
      let inferred = InferredDescriptors(
        schema: schema, file: url.path, title: title, readOnly: readOnly)
      return try print(inferred)
    }
    let folder = URL(fileURLWithPath: output, isDirectory: true).standardizedFileURL
    // Relative to the descriptors when the file is in their folder, so the folder can move.
    let file =
      url.deletingLastPathComponent().path == folder.path ? url.lastPathComponent : url.path
    let inferred = InferredDescriptors(schema: schema, file: file, title: title, readOnly: readOnly)
    try write(inferred, to: folder)
  }

  /// A PostgreSQL database's descriptors, whose sources name its address without the
  /// password (which `PGPASSWORD` then gives).
  private func describeDatabase() throws {
    let url = data
    let schema: InferredSchema
    let announced: Set<String>
    do {
      (schema, announced) = try BlockingWait.run {
        try await PostgresDatabase.readCatalog(url: url)
      }
    } catch {
      CommandOutput.error(
        Diagnostic(
          (error as? StoreError)?.description ?? "\(error)", file: PostgresAddress.redacted(data)
        ).description)
      throw ExitCode(1)
    }
    // As `trellis serve` states it (with its --poll at its default).
    let changes =
      readOnly
      ? nil
      : DescriptorFiles.changesNote(schema: schema, announced: announced, pollInterval: .seconds(1))
    let inferred = InferredDescriptors(
      schema: schema, origin: .postgres(url: PostgresAddress.redacted(data)),
      title: DescriptorFiles.databaseName(data), readOnly: readOnly, changes: changes)
    try emit(inferred)
  }

  /// Prints the home screen's descriptor (or --screen NAME's), or writes every descriptor to
  /// --output as NAME.json and prints each file's path.
  func emit(_ inferred: InferredDescriptors) throws {
    guard let output else { return try print(inferred) }
    try write(inferred, to: URL(fileURLWithPath: output, isDirectory: true).standardizedFileURL)
  }

  /// Prints the home screen's descriptor, or `--screen`'s.
  private func print(_ inferred: InferredDescriptors) throws {
    let wanted = screen.map(InferredDescriptors.screenName) ?? inferred.home.name
    guard let named = inferred.all.first(where: { $0.name == wanted }) else {
      let names = inferred.all.map(\.name).joined(separator: ", ")
      CommandOutput.error("error: no screen '\(screen ?? "")'; the screens are \(names)")
      throw ExitCode(1)
    }
    CommandOutput.write(try text(named.document))
  }

  /// Writes every descriptor to `folder`, as NAME.json.
  private func write(_ inferred: InferredDescriptors, to folder: URL) throws {
    try? FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    for named in inferred.all {
      let target = folder.appendingPathComponent("\(named.name).json")
      do { try Data(try text(named.document).utf8).write(to: target, options: .atomic) } catch {
        CommandOutput.error(
          Diagnostic("cannot write the file: \(error)", file: target.path).description)
        throw ExitCode(1)
      }
      CommandOutput.write(target.path + "\n")
    }
  }

  func text(_ document: Value) throws -> String {
    do {
      return String(decoding: try DocumentWriter.data(for: document, format: .json), as: UTF8.self)
        + "\n"
    } catch {
      CommandOutput.error(error.description)
      throw ExitCode(1)
    }
  }
}
