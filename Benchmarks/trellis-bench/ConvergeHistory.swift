import Foundation
import PostgresNIO
import TrellisPostgres

/// Every insert, rename and delete of the converge table, in commit order, kept by a trigger
/// in a table of its own: what the checks compare the acknowledged edits with.
enum ConvergeHistory {
  struct Entry {
    var id: Int64
    var op: String
    var name: String?
  }

  static func table(of entity: PostgresEntity) -> String { entity.table + "_history" }

  /// Creates the history table and the trigger that fills it.
  static func install(for entity: PostgresEntity, on client: PostgresClient) async throws {
    let history = table(of: entity)
    let statements = [
      "CREATE TABLE \(history) (seq bigserial PRIMARY KEY, id bigint, op text, name text)",
      """
      CREATE FUNCTION \(history)_log() RETURNS trigger LANGUAGE plpgsql AS $log$
      BEGIN
        IF TG_OP = 'DELETE' THEN
          INSERT INTO \(history) (id, op, name) VALUES (OLD.id, TG_OP, OLD.name);
        ELSIF TG_OP = 'INSERT' OR OLD.name IS DISTINCT FROM NEW.name THEN
          INSERT INTO \(history) (id, op, name) VALUES (NEW.id, TG_OP, NEW.name);
        END IF;
        RETURN NULL;
      END
      $log$
      """,
      "CREATE TRIGGER \(history)_log AFTER INSERT OR UPDATE OR DELETE ON \(entity.table) "
        + "FOR EACH ROW EXECUTE FUNCTION \(history)_log()",
    ]
    for statement in statements {
      try await client.query(PostgresQuery(unsafeSQL: statement))
    }
  }

  /// Every entry, in commit order.
  static func entries(of entity: PostgresEntity, on client: PostgresClient) async throws
    -> [Entry]
  {
    var entries: [Entry] = []
    let query = PostgresQuery(
      unsafeSQL: "SELECT id, op, name FROM \(table(of: entity)) ORDER BY seq")
    for try await (id, op, name) in try await client.query(query).decode(
      (Int64, String, String?).self)
    {
      entries.append(Entry(id: id, op: op, name: name))
    }
    return entries
  }

  /// The names of the table's rows, in the order lists show them.
  static func names(of entity: PostgresEntity, on client: PostgresClient) async throws
    -> [String]
  {
    var names: [String] = []
    let query = PostgresQuery(
      unsafeSQL: "SELECT name FROM \(entity.table) ORDER BY position, id")
    for try await name in try await client.query(query).decode(String.self) {
      names.append(name)
    }
    return names
  }
}
