@_exported import Trellis

/// Gives a final class a table of its stored properties, so rows can bind to them by name.
///
/// ```swift
/// import Observation
/// import TrellisMacros
///
/// @Observable @TableBound final class TaskItem {
///   var name = ""
///   var completed = false
///   var steps: [TaskStep] = []
///   @TableIgnored var cache = 0
/// }
///
/// try task.setValue(.bool(true), forKeyPath: "completed")
/// ```
///
/// The macro adds `PropertyTableProviding` and `ValueConvertible` (unless the class already
/// declares them) and a `static let propertyTable` as visible as the class. The table lists the
/// stored instance properties in declaration order, one entry per binding. It skips static and
/// class properties, computed and `lazy` properties, properties marked ``TableIgnored()``, and
/// names starting with `_` or `$`. Properties inside `#if` blocks are listed under the same
/// conditions.
///
/// A property of a type that is not `ValueConvertible` is listed as unsupported: it reads as nil
/// and cannot be written. A `let` is read-only.
///
/// The class must be `final`: the table is typed by the class, which a subclass could not share.
/// Structs, enums, actors and protocols are rejected with an error.
@attached(
  extension,
  conformances: PropertyTableProviding, ValueConvertible,
  names: named(propertyTable)
)
public macro TableBound() =
  #externalMacro(module: "TrellisMacrosPlugin", type: "TableBoundMacro")

/// Keeps a stored property out of a `@TableBound` class's property table. Expands to nothing.
@attached(peer)
public macro TableIgnored() =
  #externalMacro(module: "TrellisMacrosPlugin", type: "TableIgnoredMacro")
