/// Where the terminal host reads keys and writes frames: a real terminal
/// (``TerminalSession``), or a test's stand-in.
public protocol TerminalDevice: AnyObject {
  /// The terminal's size now.
  var size: TerminalSize { get }
  /// Writes bytes to the terminal as they are.
  func write(_ text: String)
  /// Waits for what comes next, at most `milliseconds` (forever when `nil`).
  func next(waitingAtMost milliseconds: Int?) -> TerminalInput
  /// Makes a waiting ``next(waitingAtMost:)`` return ``TerminalInput/woken``; callable from
  /// any thread (a store's answer arriving in the background, say).
  var wake: @Sendable () -> Void { get }
}

/// What a terminal delivered to the host.
public enum TerminalInput: Hashable, Sendable {
  /// Bytes typed (or pasted).
  case bytes([UInt8])
  /// The window changed size.
  case resized
  /// Work in the background asked for the screens to be brought up to date.
  case woken
  /// Nothing came in time.
  case timedOut
  /// The input ended.
  case closed
}
