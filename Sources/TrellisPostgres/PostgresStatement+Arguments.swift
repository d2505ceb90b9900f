import Foundation
import NIOCore
import PostgresNIO
import Trellis
import TrellisSQL

extension PostgresStatement {
  /// Whether PostgreSQL can hold `value` as an argument: not a collection, an object, or text
  /// with a NUL character.
  static func canBind(_ value: Value) -> Bool {
    switch value {
    case .string(let text): !text.utf8.contains(0)
    case .array, .dictionary, .object: false
    default: true
    }
  }

  /// Binds a value whose placeholder is already in the text (the predicate writer's `$n::type`,
  /// whose type follows the value's); a value ``canBind(_:)`` refuses is bound as NULL.
  mutating func appendArgument(_ value: Value) {
    switch value {
    case .string(let text) where Self.canBind(value): binds.append(text)
    case .int(let number): binds.append(Int64(number))
    case .double(let number): binds.append(number)
    case .bool(let flag): binds.append(flag)
    case .date(let date): binds.append(date)
    case .data(let data): binds.append(ByteBuffer(bytes: data))
    default: binds.appendNull()
    }
  }
}

extension PostgresStatement {
  /// The statement of a read of the relational layer.
  init(_ read: SQLRowRead) {
    self.init(read.sql)
    for argument in read.arguments {
      switch argument {
      case .value(let value): appendArgument(value)
      case .keys(let keys): binds.append(keys)
      }
    }
  }
}

extension PostgresStatement {
  /// The statement of a write of the relational layer to a row of `entity`: each column's
  /// value bound as the column stores it, then the keys.
  init(_ write: SQLRowWrite, entity: PostgresEntity) throws(StoreError) {
    self.init(write.sql)
    for argument in write.arguments {
      switch argument {
      case .value(let value, let name):
        guard let column = entity.column(name) else {
          throw .invalidItem("'\(entity.table)' has no column '\(name)'")
        }
        try PostgresValues.append(value, as: column.kind, column: name, to: &binds)
      case .key(let key?): binds.append(key)
      case .key(nil): binds.appendNull()
      }
    }
  }
}
