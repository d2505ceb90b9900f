import Foundation
import Synchronization
import TrellisValues

/// A document file: read with its format detected, saved back atomically in the same format.
///
/// Saving encodes first, so a value the format cannot hold fails before the disk is touched.
/// The bytes then go to a temporary file beside the original, which is renamed over it: a
/// failed save leaves the original byte for byte unchanged, and no reader ever sees half a file.
///
/// ```swift
/// var file = try DocumentFile(contentsOf: url)          // OpenStep, say
/// var root = file.root
/// root = ...                                             // edit the tree
/// try file.save(root, options: .init(conversion: .writeAsStrings))
/// ```
public struct DocumentFile: Sendable {
  /// Where the file is.
  public let url: URL
  /// The parsed document as last read or saved, with its locations.
  ///
  /// After a save, the saved bytes are parsed the first time this (or ``root``) is read, not
  /// by the save: a program saving after every change of a large document parses nothing.
  public var document: LocatedDocument { contents.document }
  /// What the file holds: a document read, or the bytes of the last save.
  private var contents: Contents
  /// How saves reach the disk.
  var writer = AtomicFileWriter()

  /// The file's format; saves keep it.
  public let format: DocumentFormat
  /// How the file's lines of separated values end; saves keep it.
  private var lineBreak: DocumentWriteOptions.LineBreak?
  /// The columns of a CSV or TSV file's header; saves write them first, records or none.
  private var columns: [String]?
  /// One level of a JSON file's indentation; saves keep it.
  private var indentation: String?
  /// Whether an OpenStep file is a strings file; saves keep it one.
  private var stringsFile: Bool?
  /// Whether the file read starts with UTF-8's byte order mark, which saves keep: a
  /// spreadsheet reads a CSV file without one in another encoding.
  private var startsWithByteOrderMark = false
  /// The tree of values, as the file holds it.
  public var root: Value { contents.document.root }
  /// A hash of the bytes last read or saved, to tell when another program wrote the file;
  /// `nil` for a file being created.
  private var diskHash: Int?
  /// A hash of another program's file whose conflicting values one save refused to replace:
  /// the next save replaces them.
  private var refusedHash: Int?
  /// The tree the program's edits started from, when ``takeChanges(into:)`` found a value
  /// both it and another program changed, and kept the program's: the next save meets each
  /// value still both changed from it as if the file had changed under it (refused once, or
  /// keeping theirs).
  private var takenConflictBase: Value?
  /// The key paths whose values another program changed, that the last save asked to keep
  /// theirs for, and so did not write the tree's.
  package private(set) var keptTheirs: [String] = []
  /// The file's size and modification date when its bytes were last found to be
  /// ``diskHash``'s, and when that was: looking for changes again reads nothing while they
  /// stay the same (``isUnchangedOnDisk``).
  private var unchangedStamp: (size: Int, modified: Date, seen: Date)?

  /// Reads the file at `url`, detecting its format unless `format` is given.
  ///
  /// - Throws: a ``Diagnostic`` naming the file, located at the problem for text formats.
  public init(
    contentsOf url: URL, format: DocumentFormat? = nil,
    options: DocumentReadOptions = DocumentReadOptions()
  ) throws(Diagnostic) {
    let data: Data
    do {
      data = try Data(contentsOf: url)
    } catch {
      throw Self.unreadable(url.path, error)
    }
    self.url = url
    diskHash = Self.hash(data)
    startsWithByteOrderMark = data.starts(with: Self.byteOrderMark)
    let document = try LocatedDocument(
      data: data, format: format, file: url.path, options: options)
    self.format = document.format
    lineBreak = document.lineBreak
    columns = document.columns
    indentation = document.indentation
    stringsFile = document.stringsFile
    contents = Contents(document)
  }

  /// Creates a new file at `url` holding `root` in `format` (replacing any file there).
  public static func create(
    at url: URL, root: Value, format: DocumentFormat,
    options: DocumentWriteOptions = DocumentWriteOptions()
  ) throws(Diagnostic) -> DocumentFile {
    var file = DocumentFile(
      url: url, document: LocatedDocument(root: root, format: format, file: url.path))
    try file.save(root, options: options)
    return file
  }

  init(url: URL, document: LocatedDocument, writer: AtomicFileWriter = AtomicFileWriter()) {
    self.url = url
    format = document.format
    lineBreak = document.lineBreak
    columns = document.columns
    indentation = document.indentation
    stringsFile = document.stringsFile
    contents = Contents(document)
    self.writer = writer
  }

  /// Writes `root` to the file in its format, atomically, and makes it the current document.
  /// Lines of separated values end as the file's did, unless `options` say otherwise.
  ///
  /// When another program wrote the file since it was read or saved, its changes are kept:
  /// `root` is merged with them key by key (``DocumentMerge``), and the merged tree is written
  /// and returned. A value both changed, differently, is not replaced by the first save,
  /// which is refused naming it; a second save replaces it.
  ///
  /// - Returns: The tree written: `root`, with another program's changes when it made any.
  /// - Throws: a ``Diagnostic`` when the format cannot hold a value (naming its key path), the
  ///   disk refuses, or another program changed a value this save changed too; the file on
  ///   disk is then unchanged.
  @discardableResult
  public mutating func save(
    _ root: Value, options: DocumentWriteOptions = DocumentWriteOptions()
  ) throws(Diagnostic) -> Value {
    try save(root, options: options, keepingTheirs: false)
  }

  /// Saves `root` as ``save(_:options:)`` does, but a value another program changed too
  /// keeps theirs instead of refusing the save: what an automatic save does, which nobody
  /// asked to repeat. ``keptTheirs`` names those values.
  @discardableResult
  package mutating func save(
    _ root: Value, options: DocumentWriteOptions = DocumentWriteOptions(), keepingTheirs: Bool
  ) throws(Diagnostic) -> Value {
    keptTheirs = []
    // Nothing to write: a save that changes nothing leaves the file's bytes (its layout, its
    // comments in OpenStep) and its modification date as they are.
    if root == contents.root, let diskHash, Self.hash(of: url) == diskHash {
      takenConflictBase = nil
      return root
    }
    let root = try merged(root, keepingTheirs: keepingTheirs)
    var data: Data
    let options = options.keeping(
      lineBreak: lineBreak, columns: columns, indentation: indentation,
      stringsFile: stringsFile)
    if let edited = jsonTextEdited(to: root, options: options) {
      data = Data(edited)
    } else {
      do {
        data = try DocumentWriter.data(for: root, format: format, options: options)
      } catch {
        throw error.inFile(url.path)
      }
    }
    if startsWithByteOrderMark, format != .binaryPlist, !data.starts(with: Self.byteOrderMark) {
      data = Data(Self.byteOrderMark) + data
    }
    try writer.write(data, to: url)
    if [.csv, .tsv].contains(format), case .array(let records) = root {
      columns = CSVDocumentWriter.columns(
        of: records.compactMap(\.dictionaryValue), header: options.columns ?? [])
    }
    contents = Contents(
      saved: data, root: root, format: format, file: url.path,
      options: DocumentReadOptions(maximumDepth: options.maximumDepth))
    diskHash = Self.hash(data)
    refusedHash = nil
    takenConflictBase = nil
    unchangedStamp = nil
    return root
  }

  /// `root` merged with what another program wrote to the file since it was last read or
  /// saved, whose contents become the file as read; `nil` when the file is as it was. A value
  /// both changed keeps `root`'s, and the next save meets it as one the file changed under
  /// it: refused once, naming it (or keeping theirs, for an automatic save).
  ///
  /// - Throws: a located ``Diagnostic`` when the file no longer reads; nothing changes then.
  public mutating func takeChanges(into root: Value) throws(Diagnostic) -> Value? {
    let stamp = Self.stamp(of: url)
    guard !isUnchangedOnDisk(stamp), let diskHash, let current = try? Data(contentsOf: url)
    else { return nil }
    let hash = Self.hash(current)
    guard hash != diskHash else {
      unchangedStamp = stamp.map { ($0.size, $0.modified, Date()) }
      return nil
    }
    unchangedStamp = nil
    let theirs = try LocatedDocument(data: current, format: format, file: url.path)
    startsWithByteOrderMark = current.starts(with: Self.byteOrderMark)
    let merge = DocumentMerge(base: self.root, mine: root, theirs: theirs.root)
    if !merge.conflicts.isEmpty, takenConflictBase == nil { takenConflictBase = self.root }
    contents = Contents(theirs)
    lineBreak = theirs.lineBreak ?? lineBreak
    columns = theirs.columns ?? columns
    indentation = theirs.indentation ?? indentation
    stringsFile = theirs.stringsFile ?? stringsFile
    self.diskHash = hash
    refusedHash = nil
    return merge.root
  }

  /// `root` with the changes another program wrote to the file since it was last read or
  /// saved; `root` itself when there are none. A value both changed, here or when the
  /// changes were last taken, keeps theirs when `keepingTheirs`; otherwise the first save
  /// is refused naming it.
  private mutating func merged(_ root: Value, keepingTheirs: Bool) throws(Diagnostic) -> Value {
    var root = root
    var conflicts: [String] = []
    // Values both changed before the file was last looked at, and still: an edit put back
    // as it was, or made the same as theirs, is none.
    if let base = takenConflictBase {
      let merge = DocumentMerge(base: base, mine: root, theirs: self.root, theirsWin: keepingTheirs)
      conflicts = merge.conflicts
      root = merge.root
    }
    var hash = diskHash
    if let diskHash, let current = try? Data(contentsOf: url),
      case let found = Self.hash(current), found != diskHash
    {
      hash = found
      let theirs: LocatedDocument
      do {
        theirs = try LocatedDocument(data: current, format: format, file: url.path)
      } catch {
        throw Diagnostic(
          "another program changed the file since it was read, and it no longer reads ("
            + error.description + "); nothing was saved", file: url.path)
      }
      let merge = DocumentMerge(
        base: self.root, mine: root, theirs: theirs.root, theirsWin: keepingTheirs)
      conflicts += merge.conflicts.filter { !conflicts.contains($0) }
      root = merge.root
    }
    guard !conflicts.isEmpty else { return root }
    if keepingTheirs {
      keptTheirs = conflicts
    } else if refusedHash != hash {
      refusedHash = hash
      let places = conflicts.map { $0.isEmpty ? "the whole document" : "'\($0)'" }
      throw Diagnostic(
        "another program changed \(places.joined(separator: ", ")) since the file was read, "
          + "and so did this edit; nothing was saved. Save again to replace its value with "
          + "this one", file: url.path)
    }
    return root
  }

  /// A JSON file's text edited to read as `root`, keeping the spelling of every value that did
  /// not change (``JSONTextEdit``); `nil` for other formats and when no edit of the text does.
  private func jsonTextEdited(to root: Value, options: DocumentWriteOptions) -> [UInt8]? {
    guard format == .json, let current = try? Data(contentsOf: url) else { return nil }
    var text = [UInt8](current)
    if text.starts(with: Self.byteOrderMark) { text.removeFirst(Self.byteOrderMark.count) }
    let old: Value
    if Self.hash(current) == diskHash {
      old = contents.root
    } else {
      let read = try? LocatedDocument(
        bytes: text, format: .json, file: nil, options: DocumentReadOptions())
      guard let read else { return nil }
      old = read.root
    }
    return JSONTextEdit.edited(text, from: old, to: root, options: options)
  }

  /// Whether the file is as it was when last found unchanged, judged by its size and
  /// modification date without reading it. Only a date that was already two seconds old then
  /// counts: another write within the file system's clock tick of it could keep both.
  private func isUnchangedOnDisk(_ stamp: (size: Int, modified: Date)?) -> Bool {
    guard let stamp, let known = unchangedStamp else { return false }
    return stamp.size == known.size && stamp.modified == known.modified
      && known.seen.timeIntervalSince(known.modified) > 2
  }

  /// The size and modification date of the file at `url`, if it has them.
  private static func stamp(of url: URL) -> (size: Int, modified: Date)? {
    guard let attributes = try? FileManager.default.attributesOfItem(atPath: url.path),
      let size = (attributes[.size] as? NSNumber)?.intValue,
      let modified = attributes[.modificationDate] as? Date
    else { return nil }
    return (size, modified)
  }

  /// A hash of the bytes of the file at `url`; `nil` when it does not read.
  private static func hash(of url: URL) -> Int? {
    (try? Data(contentsOf: url)).map(hash)
  }

  /// A hash of every byte of `data`.
  private static func hash(_ data: Data) -> Int {
    var hasher = Hasher()
    data.withUnsafeBytes { hasher.combine(bytes: $0) }
    return hasher.finalize()
  }

  /// Reads the file again from disk, keeping its format.
  public mutating func reload(options: DocumentReadOptions = DocumentReadOptions())
    throws(Diagnostic)
  {
    let reread = try DocumentFile(contentsOf: url, format: format, options: options)
    contents = reread.contents
    diskHash = reread.diskHash
    refusedHash = nil
    unchangedStamp = nil
    lineBreak = reread.lineBreak ?? lineBreak
    columns = reread.columns ?? columns
    indentation = reread.indentation ?? indentation
    stringsFile = reread.stringsFile ?? stringsFile
    startsWithByteOrderMark = reread.startsWithByteOrderMark
  }

  /// UTF-8's byte order mark.
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]

  private static func reason(_ error: any Error) -> String {
    (error as NSError).localizedDescription
  }

  /// The error of a file at `path` that could not be read: "cannot read the file: …", naming
  /// why in a person's words (``whyUnreadable(_:_:)``).
  package static func unreadable(_ path: String, _ error: any Error) -> Diagnostic {
    Diagnostic("cannot read the file: \(whyUnreadable(path, error))", file: path)
  }

  /// Why the file at `path` could not be read, in a person's words: it is missing, a folder,
  /// or not readable; else what `error` says.
  static func whyUnreadable(_ path: String, _ error: any Error) -> String {
    var isFolder: ObjCBool = false
    let manager = FileManager.default
    if !manager.fileExists(atPath: path, isDirectory: &isFolder) { return "there is no such file" }
    if isFolder.boolValue { return "it is a folder, not a file" }
    if !manager.isReadableFile(atPath: path) { return "you may not read it" }
    return reason(error)
  }

  /// A document read, or the bytes a save wrote, parsed for their locations when first asked.
  private final class Contents: Sendable {
    /// The bytes saved and how to read them back, until they are parsed.
    private struct Saved {
      let data: Data
      let root: Value
      let format: DocumentFormat
      let file: String
      let options: DocumentReadOptions
    }

    private enum State {
      case read(LocatedDocument)
      case saved(Saved)
    }

    private let state: Mutex<State>

    init(_ document: LocatedDocument) { state = Mutex(.read(document)) }

    init(
      saved data: Data, root: Value, format: DocumentFormat, file: String,
      options: DocumentReadOptions
    ) {
      state = Mutex(
        .saved(Saved(data: data, root: root, format: format, file: file, options: options)))
    }

    /// The tree of values, without parsing saved bytes.
    var root: Value {
      state.withLock { state in
        switch state {
        case .read(let document): document.root
        case .saved(let saved): saved.root
        }
      }
    }

    /// The document; saved bytes are parsed once, and the tree saved stands for them, without
    /// locations, should they not read back.
    var document: LocatedDocument {
      state.withLock { state in
        switch state {
        case .read(let document):
          return document
        case .saved(let saved):
          let document =
            (try? LocatedDocument(
              data: saved.data, format: saved.format, file: saved.file, options: saved.options))
            ?? LocatedDocument(root: saved.root, format: saved.format, file: saved.file)
          state = .read(document)
          return document
        }
      }
    }
  }
}
