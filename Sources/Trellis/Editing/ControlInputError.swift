/// Why a control's input was refused: it names the row and what the row needed.
public struct ControlInputError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The message a host shows beside the row.
  public var message: String

  public init(_ message: String) { self.message = message }

  public var description: String { message }
}
