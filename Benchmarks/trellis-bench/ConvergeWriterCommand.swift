import ArgumentParser
import Foundation
import GRDB
import TrellisSQLite

/// `trellis-bench converge-writer`, which `converge --sqlite` starts and kills: another
/// process writing the file, killed in the middle of its transaction. It moves every row and
/// adds hundreds of long-named ones with a page cache too small to hold them, so that pages
/// reach the file before the commit, says so on standard output, and waits to be killed.
struct ConvergeWriterCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "converge-writer",
    abstract: "A writer that converge --sqlite kills in the middle of its transaction.",
    shouldDisplay: false)

  @Option(help: "The SQLite file.")
  var path: String

  @Option(help: "The table.")
  var table: String

  @Option(help: "How the names of the rows it adds start.")
  var prefix: String

  func run() throws {
    let queue = try DatabaseQueue(path: path, configuration: SQLiteStore.configuration())
    try queue.writeWithoutTransaction { db in
      try db.execute(sql: "PRAGMA cache_size = 10")
      try db.execute(sql: "BEGIN IMMEDIATE TRANSACTION")
      try db.execute(sql: "UPDATE \(table) SET position = position + 500")
      let padding = String(repeating: "x", count: 400)
      for index in 0..<500 {
        try db.execute(
          sql: "INSERT INTO \(table) (name, position) VALUES (?, ?)",
          arguments: ["\(prefix)\(index)-\(padding)", index])
      }
      FileHandle.standardOutput.write(Data("written\n".utf8))
      while true { sleep(1) }
    }
  }
}
